// The file queue against the real server: files wait for their parent's create, upload once with their
// own id, come back from a lost answer without a second copy, and a refused file waits for the user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord } from '../../store/writes';
import { lookupIds, makeDevice, type SyncServer, startSyncServer, type TestUser } from '../testing/harness';
import { addFilesTo } from './add';
import { filesOfParent } from './list';
import { uploadDue } from './queue';

let server: SyncServer;
let staff: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('gallery_one');
});
afterAll(() => server?.close());

const pdf = (name: string) =>
  new File([`%PDF-1.4\n% ${name}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`], name, {
    type: 'application/pdf',
  });

async function serverFiles(projectId: string) {
  const answer = await server.rest<{ count: number; results: Array<{ id: string; name: string }> }>(
    staff,
    'GET',
    `/api/project/${projectId}/attachments/`,
  );
  return answer.body;
}

describe('files', () => {
  it('wait for the parent, upload once each, and a lost answer does not make a second copy', async () => {
    const device = await makeDevice(server, staff);
    await device.pull();
    const ids = await lookupIds(device.db);
    const project = await saveRecord(device.ctx, 'project', { name: 'MV Files', status: ids.inProgress });
    const parent = { resource: 'project' as const, id: project.id };
    const added = await addFilesTo(device.db, parent, [pdf('bl.pdf'), pdf('manifest.pdf')], {
      isImage: false,
      description: 'Bill of lading',
      position: null,
    });
    expect(added.map((file) => file.state)).toEqual(['pending', 'pending']);
    const target = { baseUrl: server.url, token: () => staff.token };

    // The project's create is still in the outbox: nothing goes.
    const early = await uploadDue({ db: device.db, target });
    expect(early).toMatchObject({ uploaded: 0, waiting: 2 });
    expect((await filesOfParent(device.db, parent)).map((file) => file.waiting_for_parent)).toEqual([
      true,
      true,
    ]);

    await device.push();
    const round = await uploadDue({ db: device.db, target });
    expect(round).toMatchObject({ uploaded: 2, waiting: 0, refused: 0 });
    const listed = await serverFiles(project.id);
    expect(listed.count).toBe(2);
    expect(listed.results.map((file) => file.id).sort()).toEqual(added.map((file) => file.id).sort());

    // The answer was lost (the device still thinks it is pending): the repeat is answered with the stored
    // attachment, and the server still has two files.
    const first = added[0];
    if (!first) throw new Error('no file');
    await device.db.blobs.update(first.id, { state: 'pending', next_attempt_at: 0 });
    expect(await uploadDue({ db: device.db, target })).toMatchObject({ uploaded: 1 });
    expect((await serverFiles(project.id)).count).toBe(2);
    expect((await filesOfParent(device.db, parent)).map((file) => file.state)).toEqual(['synced', 'synced']);
  });

  it('retries with backoff when the server cannot be reached, and keeps a refused file with its words', async () => {
    const device = await makeDevice(server, staff);
    await device.pull();
    const ids = await lookupIds(device.db);
    const project = await saveRecord(device.ctx, 'project', { name: 'MV Refused', status: ids.inProgress });
    await device.push();
    const parent = { resource: 'project' as const, id: project.id };
    // Not a photo at all, but sent as one: the server cannot read it.
    const [bad] = await addFilesTo(
      device.db,
      parent,
      [new File(['not an image'], 'x.jpg', { type: 'text/plain' })],
      {
        isImage: true,
        position: null,
        capturedBy: 'Marta Ruiz',
      },
    );
    if (!bad) throw new Error('no file');

    const unreachable = { baseUrl: 'http://127.0.0.1:9', token: () => staff.token };
    const now = Date.now();
    const offline = await uploadDue({
      db: device.db,
      target: unreachable,
      backoff: { baseMs: 1000 },
      now: () => now,
    });
    expect(offline).toMatchObject({ uploaded: 0, retrying: 1 });
    const waiting = await device.db.blobs.get(bad.id);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
    expect(waiting?.next_attempt_at).toBeGreaterThan(now);
    expect(waiting?.stamp?.captured_by).toBe('Marta Ruiz');

    // In backoff: not tried again before its time.
    const target = { baseUrl: server.url, token: () => staff.token };
    expect(await uploadDue({ db: device.db, target, now: () => now })).toMatchObject({
      uploaded: 0,
      refused: 0,
    });

    const later = await uploadDue({ db: device.db, target, now: () => now + 60_000 });
    expect(later).toMatchObject({ refused: 1 });
    const refused = await device.db.blobs.get(bad.id);
    expect(refused?.state).toBe('failed');
    expect(refused?.last_status).toBe(400);
    expect(refused?.last_error).toBeTruthy();
    // Never retried on its own: it waits for the user.
    expect(await uploadDue({ db: device.db, target, now: () => now + 3_600_000 })).toMatchObject({
      refused: 0,
      uploaded: 0,
    });
    expect((await serverFiles(project.id)).count).toBe(0);
  });
});
