// A pull reads every table of a scope in one snapshot, on every engine: writers committing into several
// tables of one project while a device pulls in a loop never make the cursor pass a row it did not send.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { fixtureServer } from '../../tests/api/fixtures.js';

const rig = fixtureServer();

interface Page {
  changes: { resource: string; op: string; id?: string; row?: { id: string } }[];
  cursor: string;
  has_more: boolean;
}

describe('a pull during writes', () => {
  it('misses no row of any table of the scope while several writers commit', async () => {
    const project = await rig.f.create('project');
    const [commodity] = await rig.server.query('select id from commodity order by id limit 1');
    const clientId = uuidv7();
    const pull = async (cursor: string) => {
      const seen: string[] = [];
      let next = cursor;
      for (;;) {
        const page = await rig.f.api<Page>(
          'GET',
          `/api/sync/pull/?scope=project:${project.id}&limit=50&client_id=${clientId}${next ? `&cursor=${next}` : ''}`,
          { token: rig.f.adminToken },
        );
        expect(page.status).toBe(200);
        for (const change of page.body.changes) seen.push(change.row?.id ?? change.id ?? '');
        next = page.body.cursor;
        if (!page.body.has_more) return { seen, cursor: next };
      }
    };

    const seen = new Set<string>();
    let cursor = (await pull('')).cursor;
    let writing = true;
    const puller = (async () => {
      while (writing) {
        const page = await pull(cursor);
        for (const id of page.seen) seen.add(id);
        cursor = page.cursor;
      }
    })();
    // Four writers, each alternating single-row transactions between two tables of the project. Each
    // transaction waits a random while before its commit, as one waiting on a file or the network would:
    // commits interleave with other writers' and with the pull's reads, on both engines.
    const { database } = rig.server.server;
    const written: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async (_, writer) => {
        for (let i = 0; i < 40; i++) {
          const id = uuidv7();
          written.push(id);
          await database.db.transaction().execute(async (trx) => {
            if ((i + writer) % 2 === 0)
              await sql`insert into packing_list (id, project, reference, commodity) values (${id}, ${project.id}, ${`W${writer}-${i}`}, ${String(commodity.id)})`.execute(
                trx,
              );
            else
              await sql`insert into incidence (id, project, description) values (${id}, ${project.id}, ${`W${writer}-${i}`})`.execute(
                trx,
              );
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
          });
        }
      }),
    );
    writing = false;
    await puller;
    for (const id of (await pull(cursor)).seen) seen.add(id);
    expect(written.filter((id) => !seen.has(id))).toEqual([]);
  });
});
