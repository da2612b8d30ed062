// Incremental reads over HTTP: every list takes updated_since (only what changed since a time) and
// include_deleted=true (the deleted records too, with deleted_at), for users and customer tokens.
import { describe, expect, it } from 'vitest';
import { fixtureServer, type Row } from '../fixtures.js';

const rig = fixtureServer();

type Page = { count: number; results: (Row & { deleted_at?: string | null; updated_at: string })[] };
const ids = (page: Page) => page.results.map((row) => row.id).sort();
/** The server's clock, as an ERP would take it from an answer. */
const serverNow = async () =>
  String(
    (
      await rig.server.query(`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t`)
    )[0].t,
  );

describe('updated_since and include_deleted', () => {
  it('lists only the records changed since a time, then the deleted ones with deleted_at', async () => {
    const project = await rig.f.create('project');
    const old = await rig.f.create('packing-list', {}, { project: project.id });
    const edited = await rig.f.create('packing-list', {}, { project: project.id });
    const gone = await rig.f.create('packing-list', {}, { project: project.id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = await serverNow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const made = await rig.f.create('packing-list', {}, { project: project.id });
    const patch = await rig.f.api('PATCH', `/api/packing-list/${edited.id}/`, {
      token: rig.f.staffToken,
      body: { zone: 'Z9' },
    });
    expect(patch.status).toBe(200);
    expect(
      (await rig.f.api('DELETE', `/api/packing-list/${gone.id}/`, { token: rig.f.staffToken })).status,
    ).toBe(204);

    const query = `project=${project.id}&updated_since=${encodeURIComponent(since)}`;
    const changed = await rig.f.api<Page>('GET', `/api/packing-list/?${query}`, { token: rig.f.staffToken });
    expect(changed.status).toBe(200);
    expect(ids(changed.body)).toEqual([made.id, edited.id].sort());
    expect(changed.body.results[0]).not.toHaveProperty('deleted_at');

    const withDeleted = await rig.f.api<Page>('GET', `/api/packing-list/?${query}&include_deleted=true`, {
      token: rig.f.staffToken,
    });
    expect(ids(withDeleted.body)).toEqual([made.id, edited.id, gone.id].sort());
    const tombstone = withDeleted.body.results.find((row) => row.id === gone.id);
    expect(tombstone?.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(withDeleted.body.results.find((row) => row.id === made.id)?.deleted_at).toBeNull();

    // Without updated_since: everything of the project, the deleted one only on request.
    const all = await rig.f.api<Page>('GET', `/api/packing-list/?project=${project.id}`, {
      token: rig.f.staffToken,
    });
    expect(ids(all.body)).toEqual([old.id, edited.id, made.id].sort());
  });

  it('takes a date, a zone sent unencoded, and refuses a bad value naming the parameter', async () => {
    const project = await rig.f.create('project');
    const day = new Date().toISOString().slice(0, 10);
    const byDay = await rig.f.api<Page>('GET', `/api/project/?updated_since=${day}`, {
      token: rig.f.staffToken,
    });
    expect(ids(byDay.body)).toContain(project.id);
    // '+' unencoded in a query is a space: 2026-…T…+00:00 arrives as '… 00:00', and still works.
    const zoned = await rig.f.api<Page>('GET', `/api/project/?updated_since=${day}T00:00:00+00:00`, {
      token: rig.f.staffToken,
    });
    expect(zoned.status).toBe(200);
    expect(ids(zoned.body)).toContain(project.id);
    const future = await rig.f.api<Page>('GET', '/api/project/?updated_since=2999-01-01T00:00:00Z', {
      token: rig.f.staffToken,
    });
    expect(future.body.count).toBe(0);
    const bad = await rig.f.api('GET', '/api/project/?updated_since=yesterday&include_deleted=maybe', {
      token: rig.f.staffToken,
      headers: { 'accept-language': 'es' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['include_deleted', 'updated_since']);
    expect(JSON.stringify(bad.body)).not.toMatch(/Enter|Must be/);
  });

  it("gives a customer token its own projects' changes and deletions, never another's", async () => {
    const account = await rig.f.create('accounts');
    const other = await rig.f.create('accounts');
    const since = await serverNow();
    const mine = await rig.f.create('project', { customer: account.id });
    const theirs = await rig.f.create('project', { customer: other.id });
    const removed = await rig.f.create('project', { customer: account.id });
    expect(
      (await rig.f.api('DELETE', `/api/project/${removed.id}/`, { token: rig.f.adminToken })).status,
    ).toBe(204);
    expect(
      (await rig.f.api('DELETE', `/api/project/${theirs.id}/`, { token: rig.f.adminToken })).status,
    ).toBe(204);
    const token = await rig.f.accountToken(account.id);
    const page = await rig.f.api<Page>(
      'GET',
      `/api/project/?updated_since=${encodeURIComponent(since)}&include_deleted=true`,
      { token },
    );
    expect(page.status).toBe(200);
    expect(ids(page.body)).toEqual([mine.id, removed.id].sort());
  });
});
