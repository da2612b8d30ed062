// A list's query string is refused at the door when it asks too much (400 naming the parameter),
// for every filter and search of every resource: a 10,000-character `reference` search over a
// project of 20,000 items, sent with a customer's read-only token, held every request of the server
// (health, sign-in, sync) for 14.6 s. Searches that are allowed use a trigram index.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { listStatement } from '../../../server/resources/engine/read.js';
import { attachmentParents } from '../../../src/domain/attachment.js';
import { resourceNames, resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { seedPacking } from '../../bench/support/seed-packing.js';
import { fixtureServer } from '../fixtures.js';

const rig = fixtureServer();

const TOO_LONG = 'Ensure this field has no more than 100 characters.';
const tooMany = (most: number) => `Ensure this field has no more than ${most} elements.`;

/** Every parameter a list of the resource reads, with how many values it takes. */
function parameters(resource: Resource): [string, number][] {
  const known: [string, number][] = [
    ['page', 10],
    ['page_size', 10],
    ['ordering', 10],
  ];
  for (const filter of resource.filters) {
    if (filter.kind === 'range') known.push([`${filter.name}_after`, 10], [`${filter.name}_before`, 10]);
    else known.push([filter.name, filter.kind === 'icontains' || filter.kind === 'boolean' ? 10 : 100]);
  }
  return known;
}

const query = (name: string, values: string[]) =>
  values.map((value) => `${name}=${encodeURIComponent(value)}`).join('&');

describe('every list parameter of every resource', () => {
  it.each(resourceNames)(
    '%s: a value past 100 characters, or too many values, is a 400 naming it',
    async (name) => {
      const resource = resources[name] as Resource;
      for (const [parameter, most] of parameters(resource)) {
        const long = await rig.f.api('GET', `/api/${name}/?${query(parameter, ['7'.repeat(101)])}`, {
          token: rig.f.adminToken,
        });
        expect(long.status, `${name} ${parameter}`).toBe(400);
        expect(long.body, `${name} ${parameter}`).toEqual({ [parameter]: [TOO_LONG] });
        const many = await rig.f.api('GET', `/api/${name}/?${query(parameter, Array(most + 1).fill('1'))}`, {
          token: rig.f.adminToken,
        });
        expect(many.status, `${name} ${parameter} x${most + 1}`).toBe(400);
        expect(many.body, `${name} ${parameter}`).toEqual({ [parameter]: [tooMany(most)] });
        // At the limits, no limit is named (the value may still be refused for what it is).
        const atLimit = await rig.f.api(
          'GET',
          `/api/${name}/?${query(parameter, Array(most).fill('7'.repeat(100)))}`,
          {
            token: rig.f.adminToken,
          },
        );
        expect(JSON.stringify(atLimit.body), `${name} ${parameter}`).not.toMatch(/no more than/);
      }
    },
  );

  it.each(attachmentParents)('attachments of a %s: the same limits, and on its ZIP', async (parent) => {
    const row = await rig.f.create(parent);
    const base = `/api/${parent}/${row.id}`;
    const long = '7'.repeat(101);
    for (const path of [
      `${base}/attachments/?name=${long}`,
      `${base}/attachments/?zone=${long}`,
      `${base}/download_zip/?zone=${long}`,
    ]) {
      const answer = await rig.f.api('GET', path, { token: rig.f.adminToken });
      expect(answer.status, path).toBe(400);
      expect(JSON.stringify(answer.body), path).toContain(TOO_LONG);
    }
  });

  it('answers in Spanish for a Spanish caller', async () => {
    const answer = await rig.f.api('GET', `/api/project/?search=${'x'.repeat(101)}`, {
      token: rig.f.adminToken,
      headers: { 'accept-language': 'es' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ search: ['Asegúrese de que este campo no tenga más de 100 caracteres.'] });
  });
});

describe('a project of 20,000 items read with a customer token', () => {
  let project = '';
  let customer = '';
  beforeAll(async () => {
    const seed = await seedPacking(rig.server.server.database, rig.f.adminId, {
      projects: 1,
      perProject: 20_000,
    });
    project = seed.target.project;
    const account = await rig.f.create('accounts');
    await rig.server.query('update project set customer = $1 where id = $2', [account.id, project]);
    customer = await rig.f.accountToken(account.id);
  });

  it('refuses a 10,000-character reference search at once, and health and sign-in answer meanwhile', async () => {
    await rig.server.createUser({ username: 'tally', password: 'Quay-Crane-42' });
    const search = rig.f.api('GET', `/api/packing-list/?project=${project}&reference=${'A'.repeat(10_000)}`, {
      token: customer,
    });
    const others = Promise.all([
      rig.f.api('GET', '/api/health/'),
      rig.f.api('POST', '/api/get-token/', { body: { username: 'tally', password: 'Quay-Crane-42' } }),
      rig.f.api('GET', `/api/packing-list/?project=${project}&reference=${'A'.repeat(100)}`, {
        token: customer,
      }),
    ]);
    const refused = await search;
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ reference: [TOO_LONG] });
    expect((await others).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('finds items by a part of their reference, in any case, through the trigram index', async () => {
    const [item] = await rig.server.query(
      'select reference from packing_list where project = $1 order by id limit 1',
      [project],
    );
    const part = String(item.reference).slice(1, 7).toLowerCase();
    const found = await rig.f.api<{ count: number; results: { reference: string }[] }>(
      'GET',
      `/api/packing-list/?project=${project}&reference=${encodeURIComponent(part)}`,
      { token: customer },
    );
    expect(found.status).toBe(200);
    expect(found.body.results.map((row) => row.reference)).toContain(item.reference);
    const principal = {
      kind: 'account' as const,
      accountId: '00000000-0000-0000-0000-000000000000',
      tokenHash: '',
    };
    const { statement } = listStatement(
      rig.server.server.database,
      resources['packing-list'] as Resource,
      principal,
      {
        project,
        reference: part,
      },
    );
    const plan = await sql<{ 'QUERY PLAN': string }>`explain ${statement}`.execute(
      rig.server.server.database.db,
    );
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('packing_list_reference_trgm');
  });
});

describe('the search indexes', () => {
  it('every searched column of the registry has its trigram index on lower(column)', async () => {
    const indexes = await rig.server.query(
      "select indexname, indexdef from pg_indexes where indexname like '%_trgm'",
    );
    const defs = new Map(indexes.map((row) => [String(row.indexname), String(row.indexdef)]));
    for (const name of resourceNames) {
      const resource = resources[name] as Resource;
      for (const filter of resource.filters)
        if (filter.kind === 'icontains')
          for (const column of filter.fields)
            expect(defs.get(`${resource.table}_${column}_trgm`), `${name}.${column}`).toMatch(
              new RegExp(`gin \\(lower\\(${column}\\) gin_trgm_ops\\)`),
            );
    }
  });
});
