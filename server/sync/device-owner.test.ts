// A device id is bound to the user who registered it: another user sending it is refused, naming the
// field, and the device's row in the Devices screen stays its owner's.
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/ids.js';
import { fixtureServer } from '../../tests/api/fixtures.js';

const rig = fixtureServer();

interface Device {
  client_id: string;
  device_name: string;
  pending: number;
  user: { id: string } | null;
}

describe('a device id', () => {
  it('stays with the user who registered it', async () => {
    const { f } = rig;
    const clientId = uuidv7();
    const push = (token: string, name: string) =>
      f.api('POST', '/api/sync/push/', {
        token,
        body: { client_id: clientId, device_name: name, pending: 3, mutations: [] },
      });
    expect((await push(f.staffToken, 'Tablet 7')).status).toBe(200);

    const taken = await push(f.adminToken, 'Not yours');
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.body as object)).toEqual(['client_id']);
    const pulled = await f.api('GET', `/api/sync/pull/?scope=global&client_id=${clientId}&device_name=Mine`, {
      token: f.adminToken,
    });
    expect(pulled.status).toBe(400);
    expect(Object.keys(pulled.body as object)).toEqual(['client_id']);

    const devices = await f.api<{ results: Device[] }>('GET', '/api/sync/devices/', { token: f.adminToken });
    expect(devices.body.results.find((device) => device.client_id === clientId)).toMatchObject({
      device_name: 'Tablet 7',
      pending: 3,
      user: { id: f.staffId },
    });
    // Its owner goes on as before.
    expect((await push(f.staffToken, 'Tablet 7b')).status).toBe(200);
  });
});
