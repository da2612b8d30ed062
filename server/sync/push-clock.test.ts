// The server's time of receipt orders writes in the field merge, not a device's clock: a change's age is
// measured on the device's own clock (sent_at - occurred_at) and taken from the moment the server got it.
// A write that does not take effect is answered `conflict`, naming the field and the value that stands.
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { fixtureServer } from '../../tests/api/fixtures.js';

const rig = fixtureServer();

interface Result {
  mutation_id: string;
  status: string;
  detail?: string;
  row?: Record<string, unknown> | null;
}

const YEAR = 365 * 24 * 3600 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A device whose clock is `skew` ms off; `ago` is how long before sending (its clock) a change was made. */
function device(skew: number) {
  const clientId = uuidv7();
  let seq = 0;
  return {
    clientId,
    change: (id: string, data: Record<string, unknown>, ago = 0) => ({
      mutation_id: uuidv7(),
      seq: ++seq,
      resource: 'accounts',
      op: 'update',
      id,
      data,
      occurred_at: iso(Date.now() + skew - ago),
    }),
    async push(mutations: unknown[], options: { sentAt?: boolean } = {}) {
      const answer = await rig.f.api<{ results: Result[] }>('POST', '/api/sync/push/', {
        token: rig.f.adminToken,
        body: {
          client_id: clientId,
          ...(options.sentAt === false ? {} : { sent_at: iso(Date.now() + skew) }),
          mutations,
        },
      });
      expect(answer.status).toBe(200);
      return answer.body.results;
    },
  };
}

const tradeName = async (id: string) => (await rig.f.read('accounts', id)).trade_name;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the field merge orders writes by the time the server got them', () => {
  it('a tablet a year ahead does not outrank the office correcting it later', async () => {
    const account = await rig.f.create('accounts');
    const ahead = device(YEAR);
    const office = device(0);
    expect((await ahead.push([ahead.change(account.id, { trade_name: 'Tablet' })]))[0].status).toBe(
      'applied',
    );
    await pause(20);
    const corrected = await office.push([office.change(account.id, { trade_name: 'Office' })]);
    expect(corrected[0].status).toBe('applied');
    expect(await tradeName(account.id)).toBe('Office');
    // The same with a tablet that does not say when it sent (an older app): its time is clamped.
    await ahead.push([ahead.change(account.id, { trade_name: 'Tablet again' })], { sentAt: false });
    await pause(20);
    await office.push([office.change(account.id, { trade_name: 'Office again' })]);
    expect(await tradeName(account.id)).toBe('Office again');
    // The audit log keeps the device's own time.
    const [entry] = await rig.server.query(
      "select occurred_at from audit_log where record_id = $1 and changes->'trade_name'->>1 = 'Tablet'",
      [account.id],
    );
    expect(new Date(String(entry.occurred_at)).getTime()).toBeGreaterThan(Date.now() + YEAR / 2);
  });

  it('a tablet a year behind still wins with a change made after the office’s', async () => {
    const account = await rig.f.create('accounts');
    expect(
      (
        await rig.f.api('PATCH', `/api/accounts/${account.id}/`, {
          token: rig.f.adminToken,
          body: { trade_name: 'Office' },
        })
      ).status,
    ).toBe(200);
    await pause(20);
    const behind = device(-YEAR);
    const results = await behind.push([behind.change(account.id, { trade_name: 'Tablet' })]);
    expect(results[0].status).toBe('applied');
    expect(await tradeName(account.id)).toBe('Tablet');
  });

  it('orders the audit entries of the previous release (no order_at) by the device time clamped to receipt', async () => {
    const account = await rig.f.create('accounts');
    const ahead = device(YEAR);
    await ahead.push([ahead.change(account.id, { trade_name: 'Old tablet' })]);
    await rig.server.query('update audit_log set order_at = null where record_id = $1', [account.id]);
    await pause(20);
    const office = device(0);
    expect((await office.push([office.change(account.id, { trade_name: 'Office' })]))[0].status).toBe(
      'applied',
    );
    expect(await tradeName(account.id)).toBe('Office');
  });

  it('a change made before a later one that stands is a conflict naming the field and its value', async () => {
    const account = await rig.f.create('accounts');
    const tablet = device(YEAR);
    // Made offline five minutes ago; the office writes the same field now; the tablet sends after.
    const stale = tablet.change(account.id, { trade_name: 'Stale', email: 'ops@tablet.example' }, 5 * 60_000);
    await rig.f.api('PATCH', `/api/accounts/${account.id}/`, {
      token: rig.f.adminToken,
      body: { trade_name: 'Office' },
    });
    const [answer] = await tablet.push([stale]);
    expect(answer.status).toBe('conflict');
    expect(answer.detail).toContain('trade_name');
    expect(answer.detail).toContain('Office');
    // Its other field took effect: the row shows both.
    expect(answer.row).toMatchObject({ trade_name: 'Office', email: 'ops@tablet.example' });
    expect(await rig.f.read('accounts', account.id)).toMatchObject({
      trade_name: 'Office',
      email: 'ops@tablet.example',
    });
    // Sent again (its answer lost), it is judged again and nothing is written twice.
    const [again] = await tablet.push([stale]);
    expect(again.status).toBe('conflict');
    const lost = await rig.server.query(
      'select count(*)::int as n from audit_log where mutation_id = $1 and note is not null',
      [stale.mutation_id],
    );
    expect(lost).toEqual([{ n: 1 }]);
  });
});
