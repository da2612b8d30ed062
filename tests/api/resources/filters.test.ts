// Every list filter the registry declares, on every resource: two records that differ on the
// filtered field, and the filter must keep one and drop the other. Then paging edges and ordering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { uuidv7 } from '../../../src/domain/ids.js';
import { type ResourceName, resourceNames, resources } from '../../../src/domain/registry.js';
import type { FilterDef, Resource } from '../../../src/domain/resource.js';
import {
  type Body,
  checkedValue,
  type Fixtures,
  fixtures,
  type Row,
  type Scope,
  token,
  unique,
} from '../fixtures.js';

let server: TestServer;
let f: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
});
afterAll(async () => {
  await server?.close();
});

type Page = { count: number; next: string | null; previous: string | null; results: Row[] };

const list = async (name: string, query: string, auth = f.adminToken) => {
  const response = await f.api<Page>('GET', `/api/${name}/?page_size=999&${query}`, { token: auth });
  expect(response.status, `${name}?${query}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.results.map((row) => row.id);
};

/** Commodities have four fixed codes (unique): a filter pair takes two of them and renames them. */
const commodityCodes = ['coil', 'granite'] as const;

async function make(name: ResourceName, overrides: Body, index: 0 | 1, scope: Scope = {}): Promise<Row> {
  if (name !== 'commodity') return f.create(name, overrides, scope);
  const id = await f.commodity(commodityCodes[index]);
  const { code: _code, ...rest } = overrides;
  if (Object.keys(rest).length === 0) return f.read(name, id);
  const response = await f.api<Row>('PATCH', `/api/commodity/${id}/`, { token: f.adminToken, body: rest });
  expect(response.status).toBe(200);
  return response.body;
}

interface Case {
  a: Row;
  b: Row;
  /** Queries that keep a and drop b, and queries that keep b and drop a. */
  keepsA: string[];
  keepsB: string[];
}

const fieldInfo = (resource: Resource, name: string) =>
  ({ ...resource.fields, ...resource.readOnlyFields })[name].info;

/** Two records of `name` differing on the filter's field(s), and the queries telling them apart. */
async function casesFor(name: ResourceName, filter: FilterDef): Promise<Case[]> {
  const resource = resources[name] as Resource;
  const pair = async (va: unknown, vb: unknown, field: string) => ({
    a: await make(name, { [field]: va }, 0),
    b: await make(name, { [field]: vb }, 1),
  });
  const q = (value: string) => `${filter.name}=${encodeURIComponent(value)}`;

  if (filter.kind === 'icontains') {
    const cases: Case[] = [];
    for (const field of filter.fields) {
      const max = fieldInfo(resource, field).maxLength ?? 100;
      const checked = checkedValue(name, field) !== undefined;
      const sample = () => checkedValue(name, field) ?? token(max);
      const [ta, tb] = [sample(), sample()];
      const { a, b } = await pair(ta, tb, field);
      // A part of the value, in other case: the match is a case-insensitive "contains" (a checked code
      // whole, in lower case: a part of one may be in the next).
      const part = checked ? ta.toLowerCase() : ta.length > 4 ? ta.slice(1, -1).toUpperCase() : ta;
      cases.push({ a, b, keepsA: [q(part)], keepsB: [q(tb)] });
    }
    return cases;
  }

  if (filter.kind === 'range') {
    const info = fieldInfo(resource, filter.field);
    const time = info.kind === 'datetime' ? 'T10:00:00.000Z' : '';
    const { a, b } = await pair(`2026-03-01${time}`, `2026-06-01${time}`, filter.field);
    const after = `${filter.name}_after`;
    const before = `${filter.name}_before`;
    const keepsA = [
      `${before}=2026-04-01`,
      `${before}=2026-03-01`,
      `${after}=2026-03-01&${before}=2026-03-01`,
    ];
    const keepsB = [`${after}=2026-05-01`, `${after}=2026-06-01`];
    if (time) keepsB.push(`${after}=${encodeURIComponent('2026-03-01T11:00:00Z')}`);
    return [{ a, b, keepsA, keepsB }];
  }

  if (filter.kind === 'boolean') {
    const { a, b } = await pair(true, false, filter.field);
    return [{ a, b, keepsA: [q('true'), q('1')], keepsB: [q('false'), q('0')] }];
  }

  const info = fieldInfo(resource, filter.field);
  if (filter.field === resource.projectField) {
    // Same record, another project (a hand's project is derived from its event's).
    const other = await f.create('project');
    const a = await make(name, {}, 0);
    const b = await make(name, {}, 1, { project: other.id });
    return [{ a, b, keepsA: [q(await f.project())], keepsB: [q(other.id)] }];
  }

  if (filter.kind === 'contains') {
    const values =
      info.kind === 'refList'
        ? [await f.user(), await f.user()]
        : [info.values?.[0] ?? 'x', info.values?.[1] ?? 'y'];
    const { a, b } = await pair([values[0]], [values[1]], filter.field);
    return [{ a, b, keepsA: [q(values[0])], keepsB: [q(values[1])] }];
  }

  // exact and ref: two values of the field's kind.
  let values: [unknown, unknown];
  if (info.kind === 'ref') {
    const target = info.ref as ResourceName;
    if (target === 'commodity') values = [await f.commodity('coil'), await f.commodity('granite')];
    else if (target === 'users') values = [await f.user(), await f.user()];
    else values = [(await f.create(target)).id, (await f.create(target)).id];
  } else if (info.kind === 'choice') values = [info.values?.[0], info.values?.[1]];
  else if (info.kind === 'int') values = [unique(), unique()];
  else if (info.kind === 'uuid') values = [uuidv7(), uuidv7()];
  else values = [token(info.maxLength), token(info.maxLength)];
  if (name === 'commodity' && filter.field === 'code') values = ['coil', 'granite'];
  if (name === 'event' && filter.field === 'kind') values = ['milestone', 'working'];
  const { a, b } = await pair(values[0], values[1], filter.field);
  return [{ a, b, keepsA: [q(String(values[0]))], keepsB: [q(String(values[1]))] }];
}

// Attachments are created by their own multipart route (tested with it).
const listed = resourceNames.filter((name) => name !== 'attachment');

describe.each(listed)('%s filters', (name) => {
  const filters = resources[name].filters;
  it.each(filters.map((filter) => [filter.name, filter] as const))(
    '%s narrows the list',
    async (_, filter) => {
      for (const { a, b, keepsA, keepsB } of await casesFor(name, filter)) {
        for (const query of keepsA) {
          const ids = await list(name, query);
          expect(ids, query).toContain(a.id);
          expect(ids, query).not.toContain(b.id);
        }
        for (const query of keepsB) {
          const ids = await list(name, query);
          expect(ids, query).toContain(b.id);
          expect(ids, query).not.toContain(a.id);
        }
        // Repeated keys mean "any of" for exact, ref and contains filters.
        if (['exact', 'ref', 'contains'].includes(filter.kind)) {
          const both = await list(name, `${keepsA[0]}&${keepsB[0]}`);
          expect(both).toEqual(expect.arrayContaining([a.id, b.id]));
        }
      }
    },
  );
});

describe('malformed typed filter values', () => {
  it.each([
    ['packing-list', 'project=not-a-uuid', 'project'],
    ['packing-list', 'validated=maybe', 'validated'],
    ['packing-list', 'validation_hold=three', 'validation_hold'],
    ['project', 'initial_date_after=2026-02-30x', 'initial_date_after'],
    ['project', 'initial_date_after=2026-02-30', 'initial_date_after'],
    ['project', 'end_date_before=2026-13-01', 'end_date_before'],
    ['hand-incidence', 'init_date_after=2026-02-29T10:00:00Z', 'init_date_after'],
    ['hand-incidence', 'hold=99999999999', 'hold'],
    ['incidence', 'users_interested=x', 'users_interested'],
    ['packing-list', 'validation_datetime_before=yesterday', 'validation_datetime_before'],
  ])('%s?%s is a 400 naming %s', async (name, query, field) => {
    const response = await f.api('GET', `/api/${name}/?${query}`, { token: f.adminToken });
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty(field);
  });
});

describe('paging', () => {
  let project: string;
  const references: string[] = [];

  beforeAll(async () => {
    project = (await f.create('project')).id;
    const commodity = await f.commodity('coil');
    // 25 items straight into the table (the API path is covered above); references sort as numbers.
    for (let i = 1; i <= 25; i++) references.push(`PG-${String(i).padStart(3, '0')}`);
    await server.query(
      `insert into packing_list (id, seq, project, reference, commodity)
       select gen_random_uuid(), nextval('sync_seq'), $1, r, $2 from unnest($3::text[]) as r`,
      [project, commodity, references],
    );
  });

  const page = (query: string) =>
    f.api<Page>('GET', `/api/packing-list/?project=${project}&${query}`, { token: f.staffToken });

  it('answers pages of the default size with next and previous links', async () => {
    const first = await page('');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(25);
    expect(first.body.results.map((row) => row.reference)).toEqual(references.slice(0, 10));
    expect(first.body.previous).toBeNull();
    const next = new URL(String(first.body.next));
    expect(next.pathname).toBe('/api/packing-list/');
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('project')).toBe(project);

    const last = await page('page=3');
    expect(last.body.results.map((row) => row.reference)).toEqual(references.slice(20));
    expect(last.body.count).toBe(25);
    expect(last.body.next).toBeNull();
    expect(new URL(String(last.body.previous)).searchParams.get('page')).toBe('2');
  });

  it('answers 404 "Invalid page." to page 0, past the end and non-numbers', async () => {
    for (const query of ['page=0', 'page=4', 'page=-1', 'page=abc', 'page=99999999999']) {
      const response = await page(query);
      expect(response.status, query).toBe(404);
      expect(response.body, query).toEqual({ detail: 'Invalid page.' });
    }
    // An empty list has one (empty) page.
    const empty = await f.api<Page>('GET', `/api/packing-list/?project=${uuidv7()}&page=1`, {
      token: f.adminToken,
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('honours page_size and clamps it to the maximum', async () => {
    const small = await page('page_size=7&page=4');
    expect(small.body.count).toBe(25);
    expect((await page('page_size=5&page=5')).body.count).toBe(25);
    expect((await page('page_size=5&page=6')).status).toBe(404);
    expect(small.body.results.map((row) => row.reference)).toEqual(references.slice(21, 25));
    const huge = await page('page_size=100000');
    expect(huge.status).toBe(200);
    expect(huge.body.results).toHaveLength(25);
    // Over a lookup's maximum (999): 1,000 countries give a full page of 999 and a second page.
    await server.query(
      `insert into country (id, seq, name) select gen_random_uuid(), nextval('sync_seq'), 'Bulk ' || g
       from generate_series(1, 1000) as g`,
    );
    const countries = await f.api<Page>('GET', '/api/country/?page_size=5000', { token: f.adminToken });
    expect(countries.body.results).toHaveLength(999);
    expect(new URL(String(countries.body.next)).searchParams.get('page')).toBe('2');
    const remaining = await f.api<Page>('GET', '/api/remaining-parts/?page_size=abc', {
      token: f.adminToken,
    });
    expect(remaining.status).toBe(200);
  });

  it('orders by `ordering`, ignoring unknown keys and SQL', async () => {
    const desc = await page('ordering=-reference');
    expect(desc.body.results.map((row) => row.reference)).toEqual(references.slice(-10).reverse());
    for (const ordering of [
      'reference;drop table project',
      '(select 1)',
      "reference' --",
      'password_hash',
      '-',
    ]) {
      const response = await page(`ordering=${encodeURIComponent(ordering)}`);
      expect(response.status, ordering).toBe(200);
      expect(response.body.results.map((row) => row.reference)).toEqual(references.slice(0, 10));
    }
  });
});
