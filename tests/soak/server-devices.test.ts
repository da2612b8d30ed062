// 20 devices pushing and pulling on one project at once (SOAK_DEVICES_SECONDS, default 30 s here; the
// devices bench runs 60 s): every change made is on the server once, and every device ends with the
// same hands as the server, field for field and version for version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStorage, type Storage } from './support/server-engines';
import { type ServerProcess, spawnServer } from './support/server-process';
import { handsEverywhere, runSoak } from './support/server-soak';

const DEVICES = 20;
const SECONDS = Number(process.env.SOAK_DEVICES_SECONDS ?? 30);
const USERS = ['tally_a', 'tally_b', 'tally_c', 'tally_d', 'tally_e'];

describe('20 devices on one project', () => {
  let storage: Storage;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    storage = await makeStorage('pglite');
    server = await spawnServer({
      dataDir: storage.dataDir,
      users: USERS.map((username, n) => ({ username, role: n === 0 ? 'admin' : 'staff' })),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await storage?.remove();
  });

  it('converge: every device has the same data as the server', async () => {
    if (!server) throw new Error('no server');
    const result = await runSoak({ server, usernames: USERS, devices: DEVICES, seconds: SECONDS });
    console.info(
      `${DEVICES} devices, ${result.seconds.toFixed(0)} s: ${result.made} changes made, ${result.applied} applied ` +
        `during the soak, ${result.failedRounds} failed rounds, ${result.conflicts} conflict(s) kept by their users`,
    );
    expect(result.made).toBeGreaterThan(DEVICES);
    for (const device of result.devices) {
      expect(await device.db.outbox.count()).toBe(0);
    }
    // Every change the devices made reached the server once: one stored answer per change.
    const answers = await server.query<{ n: number }>(
      "select count(*)::int as n from sync_mutation where resource = 'hand'",
    );
    expect(answers[0]?.n).toBe(result.made);
    const { onServer, onDevices } = await handsEverywhere(server, result);
    expect(onServer.length).toBeGreaterThan(0);
    for (const rows of onDevices) expect(rows).toEqual(onServer);
    for (const device of result.devices) device.close();
  });
});
