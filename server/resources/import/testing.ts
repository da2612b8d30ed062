// The frame of the packing list import tests over HTTP: one real server for the file with its admin and
// staff tokens (tests/api/fixtures.ts), a new project where a test wants one, a file posted to import_pl
// as the tablet sends it (multipart, the staff token unless told), and the items stored for a project.
import { expect } from 'vitest';
import { type Body, type Fixtures, fixtureServer } from '../../../tests/api/fixtures.js';
import { upload } from '../../../tests/fixtures/multipart.js';
import type { TestServer } from '../../testing.js';

interface ImportOptions {
  /** The caller's token (the staff user's unless given). */
  token?: string;
  headers?: Record<string, string>;
}

export interface ImportRig {
  /** Set by the file's beforeAll: read them inside the tests. */
  server: TestServer;
  f: Fixtures;
  /** A new project (as admin), with these fields over the fixture's. */
  newProject(overrides?: Body): Promise<string>;
  /** POST /api/project/<project>/import_pl/ with the file. */
  importFile(
    project: string,
    name: string,
    bytes: Buffer,
    options?: ImportOptions,
  ): ReturnType<typeof upload>;
  /** importFile, and the import went through (200, else the answer's body in the failure). */
  importOk(project: string, name: string, bytes: Buffer, options?: ImportOptions): ReturnType<typeof upload>;
  /** The project's live packing list items, by reference, with the rig's columns. */
  items(project: string): Promise<Record<string, unknown>[]>;
}

/**
 * Starts the server before the file's tests and closes it after; `columns` ('reference, quantity') are
 * what items() reads.
 */
export function importRig(columns: string): ImportRig {
  // The columns go into the SQL text: a test's constant, checked all the same.
  if (!/^[a-z_]+(, [a-z_]+)*$/.test(columns)) throw new Error(`importRig: not a column list: ${columns}`);
  const started = fixtureServer();
  const rig = {
    get server() {
      return started.server;
    },
    get f() {
      return started.f;
    },
    newProject: async (overrides = {}) => (await rig.f.create('project', overrides)).id,
    importFile: (project, name, bytes, options = {}) =>
      upload(`${rig.server.url}/api/project/${project}/import_pl/`, {
        token: options.token ?? rig.f.staffToken,
        file: { name, bytes },
        headers: options.headers,
      }),
    importOk: async (project, name, bytes, options) => {
      const answer = await rig.importFile(project, name, bytes, options);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer;
    },
    items: (project) =>
      rig.server.query(
        `select ${columns} from packing_list
         where project = $1 and deleted_at is null order by reference`,
        [project],
      ),
  } as ImportRig;
  return rig;
}

export interface ImportCounts {
  created?: number;
  updated?: number;
  unchanged?: number;
  ignored_columns?: string[];
  column_hints?: { column: string; fields: string[] }[];
}

/**
 * An import that went through (200, else the answer's body in the failure): its whole answer, the counts
 * given (0 or empty when not) and a total of their sum.
 */
export function expectImported(answer: { status: number; body: unknown }, counts: ImportCounts) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const { created = 0, updated = 0, unchanged = 0, ignored_columns = [], column_hints = [] } = counts;
  expect(answer.body).toEqual({
    created,
    updated,
    unchanged,
    total: created + updated + unchanged,
    ignored_columns,
    column_hints,
  });
}
