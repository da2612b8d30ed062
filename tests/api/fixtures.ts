// A fixture factory for the resource API tests: a valid record of every registry resource, with
// the parents it needs (made once per project and shared), created through the real API. Users and
// tokens are written straight to the database: hashing passwords would make every file slow, and
// the sign-in itself is tested in server/auth.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { hashToken } from '../../server/auth/tokens.js';
import type { Config } from '../../server/config.js';
import { startTestServer, type TestServer } from '../../server/testing.js';
import { imoCheckDigit } from '../../src/domain/reference/codes.js';
import type { ResourceName } from '../../src/domain/registry.js';
import { canonicalJson, sha256Hex } from '../../src/domain/sha256.js';
import { type Api, apiClient } from './http.js';

export type Body = Record<string, unknown>;
export type Row = Record<string, unknown> & { id: string; version: number };

/** Where a project-scoped record is made: its project (the shared one unless given). */
export interface Scope {
  project?: string;
}

let counter = 0;
/** A number unique within the test run, for names and references. */
export const unique = () => ++counter;

/** A text of at most `max` characters, unique in the run, that no seeded value contains. */
export function token(max = 24): string {
  const n = unique();
  if (max <= 3) return `ζ${String.fromCodePoint(0x4e00 + n)}`.slice(0, max);
  return `Zq${n.toString(36)}x${randomBytes(3).toString('hex')}`.slice(0, max);
}

/** An IMO number unique in the run, with its right check digit. */
export function imoNumber(): string {
  const first = String(100_000 + unique());
  return first + imoCheckDigit(first);
}

/** A UN/LOCODE unique in the run ('ZZ' and three letters: no seeded port has it). */
export function unLocode(): string {
  let n = unique();
  let place = '';
  for (let index = 0; index < 3; index++) {
    place = String.fromCharCode(65 + (n % 26)) + place;
    n = Math.floor(n / 26);
  }
  return `ZZ${place}`;
}

/**
 * A valid value unique in the run for a field whose text is checked (an IMO number, a UN/LOCODE, a call
 * sign, an e-mail address); undefined for free text.
 */
export function checkedValue(resource: string, field: string): string | undefined {
  if (field === 'imo') return imoNumber();
  if (resource === 'port' && field === 'code') return unLocode();
  if (field === 'call_sign') return `CS${unique().toString(36).toUpperCase()}`;
  if (field === 'email') return `${token(12).toLowerCase()}@example.com`;
  return undefined;
}

const idOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value) return String((value as { id: unknown }).id);
  throw new Error(`not a record or id: ${JSON.stringify(value)}`);
};

export class Fixtures {
  readonly api: Api;
  adminToken = '';
  staffToken = '';
  adminId = '';
  staffId = '';
  private readonly shared = new Map<string, Promise<string>>();

  constructor(readonly server: TestServer) {
    this.api = apiClient(server.url);
  }

  /** Makes the admin and staff users with tokens. */
  async init(): Promise<this> {
    this.adminId = await this.user({ role: 'admin' });
    this.staffId = await this.user({ role: 'staff' });
    this.adminToken = await this.userToken(this.adminId);
    this.staffToken = await this.userToken(this.staffId);
    return this;
  }

  /** A user row (it cannot sign in with a password: tests use tokens). */
  async user(
    input: {
      username?: string;
      role?: 'admin' | 'staff';
      first_name?: string;
      last_name?: string;
      is_active?: boolean;
    } = {},
  ) {
    const rows = await this.server.query(
      `insert into users (id, username, first_name, last_name, role, is_active, password_hash)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, '!') returning id`,
      [
        input.username ?? `user${unique()}_${randomBytes(3).toString('hex')}`,
        input.first_name ?? 'Test',
        input.last_name ?? 'User',
        input.role ?? 'staff',
        input.is_active ?? true,
      ],
    );
    return String(rows[0].id);
  }

  private async insertToken(owner: { user?: string; account?: string }): Promise<string> {
    const value = randomBytes(32).toString('base64url');
    await this.server.query('insert into auth_token (token_hash, user_id, account_id) values ($1, $2, $3)', [
      hashToken(value),
      owner.user ?? null,
      owner.account ?? null,
    ]);
    return value;
  }

  userToken(userId: string) {
    return this.insertToken({ user: userId });
  }

  /** A customer's read-only API token for an account (what POST /api/accounts/<id>/tokens/ makes). */
  accountToken(accountId: string) {
    return this.insertToken({ account: accountId });
  }

  /** POST as admin; fails the test on anything but 201. */
  async create(name: ResourceName, overrides: Body = {}, scope: Scope = {}): Promise<Row> {
    if (name === 'users') {
      const id = await this.user(overrides as Parameters<Fixtures['user']>[0]);
      return this.read(name, id);
    }
    const body = { ...(await this.body(name, scope)), ...overrides };
    const response = await this.api<Row>('POST', `/api/${name}/`, { token: this.adminToken, body });
    if (response.status !== 201)
      throw new Error(
        `create ${name}: ${response.status} ${JSON.stringify(response.body)} for ${JSON.stringify(body)}`,
      );
    return response.body;
  }

  async read(name: ResourceName, id: string): Promise<Row> {
    const response = await this.api<Row>('GET', `/api/${name}/${id}/`, { token: this.adminToken });
    if (response.status !== 200) throw new Error(`read ${name} ${id}: ${response.status}`);
    return response.body;
  }

  /** One record of `name` shared by every caller with the same key (the project's hand, the coil commodity...). */
  sharedId(key: string, make: () => Promise<Row | string>): Promise<string> {
    let id = this.shared.get(key);
    if (!id) {
      id = make().then(idOf);
      this.shared.set(key, id);
    }
    return id;
  }

  /** The shared project (or the scope's). */
  project(scope: Scope = {}): Promise<string> {
    return scope.project
      ? Promise.resolve(scope.project)
      : this.sharedId('project', () => this.create('project'));
  }

  /** The commodity with this fixed code: the seeded one, or made once. */
  commodity(code: 'aluminium' | 'coil' | 'granite' | 'other'): Promise<string> {
    return this.sharedId(`commodity:${code}`, async () => {
      const found = await this.api<{ results: Row[] }>('GET', `/api/commodity/?code=${code}`, {
        token: this.adminToken,
      });
      const existing = found.body.results[0];
      if (existing) return existing;
      return this.create('commodity', { code, name: `${code} ${unique()}` });
    });
  }

  /** A shared record of a resource in the scope's project (the parent most records hang under). */
  async ref(name: ResourceName, scope: Scope = {}): Promise<string> {
    if (name === 'project') return this.project(scope);
    if (name === 'commodity') return this.commodity('coil');
    if (name === 'users') return this.adminId;
    const project = scope.project ?? '';
    return this.sharedId(`${name}:${project}`, () => this.create(name, {}, scope));
  }

  /** A valid create body for `name`, its required parents made (or shared) in the scope's project. */
  async body(name: ResourceName, scope: Scope = {}): Promise<Body> {
    const n = unique();
    const inProject = async () => ({ project: await this.project(scope) });
    switch (name) {
      case 'users':
      case 'attachment':
        throw new Error(`${name} are not created through the generic API`);
      case 'country':
        return { name: `Country ${n}` };
      case 'commodity':
        return { name: `Commodity ${n}`, code: 'other' };
      case 'port':
        return { name: `Port ${n}` };
      case 'accounts':
        return { trade_name: `Account ${n}` };
      case 'vessel':
        return { name: `MV Vessel ${n}`, imo: imoNumber() };
      case 'project-status':
      case 'crane-type':
      case 'incidence-status':
      case 'incidence-type':
        return { name: `${name} ${n}` };
      case 'report-status':
        return { description: `Report status ${n}` };
      case 'project-activity':
        return { name: `Activity ${n}`, operation: 'Discharge' };
      case 'event':
        return { description: `Working shift ${n}`, kind: 'working' };
      case 'project':
        return { name: `Project ${n}`, code: `P-${n}-${randomBytes(2).toString('hex')}` };
      case 'project-event':
        return {
          ...(await inProject()),
          event: await this.ref('event'),
          init_date: '2026-11-01T06:00:00.000Z',
        };
      case 'hand':
        return {
          event: await this.ref('project-event', scope),
          description: `Hand ${n}`,
          init_date: '2026-11-01T06:00:00.000Z',
          end_date: '2026-11-01T12:00:00.000Z',
        };
      case 'hand-event':
        return { hand: await this.ref('hand', scope), description: `Line ${n}` };
      case 'hand-incidence':
        return { hand: await this.ref('hand', scope), issue_description: `Incidence ${n}` };
      case 'packing-list':
        return {
          ...(await inProject()),
          reference: `REF-${String(n).padStart(6, '0')}`,
          commodity: await this.commodity('coil'),
        };
      case 'remaining-parts':
        return { ...(await inProject()), quantity: '3.000' };
      case 'incidence':
        return { ...(await inProject()), description: `Incidence ${n}` };
      case 'coil-report':
        return {
          ...(await inProject()),
          commodity: await this.commodity('coil'),
          activity: await this.ref('project-activity'),
        };
      case 'sof-report':
      case 'prompter-report':
        return inProject();
      case 'container-report':
        return { container_number: `MSCU${String(n).padStart(7, '0')}` };
      case 'sof-signature': {
        const content = { format: 1, note: `SOF ${n}` };
        return {
          sof_report: await this.ref('sof-report', scope),
          role: 'master',
          name: `Captain ${n}`,
          signed_at: '2026-11-22T10:00:00.000Z',
          content,
          content_hash: sha256Hex(canonicalJson(content)),
          image: ONE_PIXEL_PNG,
        };
      }
    }
  }
}

/** A 1 x 1 PNG as a data URL: the smallest signature image. */
export const ONE_PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Starts the fixtures for a test server (admin and staff users with tokens). */
export const fixtures = (server: TestServer) => new Fixtures(server).init();

/**
 * A test file's server and fixtures, started before its tests and closed after: `const rig =
 * fixtureServer();` then `rig.f` and `rig.server` inside the tests.
 */
export function fixtureServer(overrides: Partial<Config> = {}) {
  const rig = {} as { server: TestServer; f: Fixtures };
  beforeAll(async () => {
    rig.server = await startTestServer(overrides);
    rig.f = await fixtures(rig.server);
  });
  afterAll(async () => {
    await rig.server?.close();
  });
  return rig;
}
