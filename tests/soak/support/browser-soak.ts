// Node side of the browser soak tests: the real server over PGlite and files in a data folder, the fault
// proxy in front of it (the browser's only way to the server), Chromium with a profile kept on disk (so a
// closed or killed browser can be opened again on the same data), distinct photos, and what the server
// ended up with (each change applied once, each file stored once with the bytes the device queued).
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../../server/testing';
import { type FaultAction, type FaultProxy, startFaultProxy } from '../../../src/sync/testing/fault-proxy';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/browser';
import { E2E_DIST } from '../../e2e/support/paths';
import { PASSWORD } from '../../e2e/support/server';
import { FIXTURES } from '../../e2e/support/sync';

export const PUSH = '/api/sync/push/';
const PULL = '/api/sync/pull/';
export const isUpload = (path: string) => /^\/api\/[a-z-]+\/[0-9a-f-]{36}\/attachments\/$/.test(path);

export interface SoakRig {
  server: TestServer;
  proxy: FaultProxy;
  /** Where the server keeps the attachments' bytes (DATA_DIR/files). */
  filesRoot: string;
  close(): Promise<void>;
}

/** The real server (PGlite and files under a fresh DATA_DIR, the e2e build) behind a fault proxy. */
export async function startRig(): Promise<SoakRig> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kt-soak-'));
  const server = await startTestServer({ staticDir: E2E_DIST, dataDir });
  await server.createUser({ username: 'marta', password: PASSWORD, first_name: 'Marta', last_name: 'Ruiz' });
  const proxy = await startFaultProxy(server.url);
  return {
    server,
    proxy,
    filesRoot: join(dataDir, 'files'),
    async close() {
      await proxy.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `count` different JPEG photos (the fixture photo resized and tinted), written to a temporary folder. */
export async function makePhotos(count: number): Promise<{ dir: string; paths: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'kt-soak-photos-'));
  const source = readFileSync(join(FIXTURES, 'photo-1.jpg'));
  const paths: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const path = join(dir, `photo-${String(index).padStart(3, '0')}.jpg`);
    await sharp(source)
      .resize({ width: 900 + index * 4 })
      .modulate({ hue: (index * 7) % 360, brightness: 0.8 + (index % 5) / 10 })
      .jpeg({ quality: 80 })
      .toFile(path);
    paths.push(path);
  }
  return { dir, paths };
}

/** Chromium on a profile kept in `profileDir` (storage, service worker, sign-in), aimed at `baseURL`. */
export function launchProfile(profileDir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL,
    viewport: { width: 768, height: 1024 },
    serviceWorkers: 'allow',
  });
}

/** Kills (SIGKILL) the Chromium processes of this profile only, found by their --user-data-dir. */
export function killProfile(profileDir: string): number {
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!command.split('\0').includes(`--user-data-dir=${profileDir}`)) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      killed += 1;
    } catch {
      // Already gone with its parent.
    }
  }
  return killed;
}

/** How many times the server's audit log holds each of these mutations, and all of this device's. */
export async function appliedMutations(server: TestServer, mutations: readonly string[]) {
  const rows = await server.query(
    'select mutation_id::text as id, count(*)::int as n, min(client_id) as client from audit_log where mutation_id = any($1::uuid[]) group by mutation_id',
    [mutations],
  );
  const clients = [...new Set(rows.map((row) => String(row.client)))];
  const byClient = await server.query('select count(*)::int as n from audit_log where client_id = any($1)', [
    clients,
  ]);
  return {
    times: rows.map((row) => Number(row.n)),
    distinct: rows.length,
    clients,
    fromDevice: Number(byClient[0]?.n ?? 0),
  };
}

export interface StoredFile {
  id: string;
  sha256: string;
  size: number;
  /** SHA-256 of the bytes on disk. */
  diskSha256: string;
}

/** The attachments of these parents, with the hash of the file the server stored for each. */
export async function storedFiles(rig: SoakRig, parents: readonly string[]): Promise<StoredFile[]> {
  const rows = await rig.server.query(
    'select id::text, sha256, size from attachment where parent_id = any($1::uuid[]) and deleted_at is null order by id',
    [parents],
  );
  return Promise.all(
    rows.map(async (row) => {
      const id = String(row.id);
      const bytes = await readFile(join(rig.filesRoot, id.slice(-2), id));
      return {
        id,
        sha256: String(row.sha256),
        size: Number(row.size),
        diskSha256: createHash('sha256').update(bytes).digest('hex'),
      };
    }),
  );
}

/** Every attachment file on the server's disk (thumbnails aside), and what is left in its temp folder. */
export async function filesOnDisk(rig: SoakRig): Promise<{ files: string[]; temp: string[] }> {
  const files: string[] = [];
  for (const folder of await readdir(rig.filesRoot)) {
    if (folder === 'tmp') continue;
    for (const name of await readdir(join(rig.filesRoot, folder)))
      if (!name.endsWith('.thumb.webp')) files.push(name);
  }
  return { files: files.sort(), temp: await readdir(join(rig.filesRoot, 'tmp')) };
}

export type FaultCategory = 'push' | 'upload' | 'pull';

/**
 * Faults in a set order per kind of sync request, for the proxy's `choose`: each request of a kind takes
 * the next action of its list ('pass' lets one through) until the list is spent; `used` says what was hit.
 */
export function faultSchedule(plan: Record<FaultCategory, FaultAction[]>) {
  const left = { push: [...plan.push], upload: [...plan.upload], pull: [...plan.pull] };
  const used: Record<FaultCategory, FaultAction[]> = { push: [], upload: [], pull: [] };
  const categoryOf = (method: string, path: string): FaultCategory | null => {
    if (method === 'POST' && path.startsWith(PUSH)) return 'push';
    if (method === 'POST' && isUpload(path)) return 'upload';
    if (method === 'GET' && path.startsWith(PULL)) return 'pull';
    return null;
  };
  return {
    used,
    /** Actions not yet taken, per kind. */
    left: () => ({ push: left.push.length, upload: left.upload.length, pull: left.pull.length }),
    choose(method: string, path: string): FaultAction | null {
      const category = categoryOf(method, path);
      const action = category ? left[category].shift() : undefined;
      if (!category || !action) return null;
      used[category].push(action);
      return action;
    },
  };
}
