// Eviction of uploaded files' bytes against the real server: only files the server confirmed lose their
// original bytes; a photo keeps the server's thumbnail (shown offline), a document its row; files waiting,
// uploading or refused keep every byte, and so does a photo while the server cannot be reached.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord } from '../../store/writes';
import { lookupIds, makeDevice, type SyncServer, startSyncServer, type TestUser } from '../testing/harness';
import { addFilesTo } from './add';
import { evictUploaded } from './evict';
import { filesOfParent } from './list';
import { uploadDue } from './queue';

let server: SyncServer;
let staff: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('evict_one');
});
afterAll(() => server?.close());

const photo = () =>
  new File([readFileSync(new URL('../../../tests/fixtures/photo-1.jpg', import.meta.url))], 'hold-3.jpg', {
    type: 'image/jpeg',
  });
const pdf = (name: string) =>
  new File([`%PDF-1.4\n% ${name}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`], name, {
    type: 'application/pdf',
  });

describe('eviction of uploaded files', () => {
  it('drops the originals the server confirmed, keeping a photo thumbnail and a document row', async () => {
    const device = await makeDevice(server, staff);
    await device.pull();
    const ids = await lookupIds(device.db);
    const project = await saveRecord(device.ctx, 'project', { name: 'MV Evict', status: ids.inProgress });
    const parent = { resource: 'project' as const, id: project.id };
    const options = { position: null, capturedBy: 'Marta Ruiz' };
    const [image] = await addFilesTo(device.db, parent, [photo()], { ...options, isImage: true });
    const [document] = await addFilesTo(device.db, parent, [pdf('bl.pdf')], { ...options, isImage: false });
    const [refused] = await addFilesTo(
      device.db,
      parent,
      [new File(['not an image'], 'x.jpg', { type: 'text/plain' })],
      { ...options, isImage: true },
    );
    if (!image || !document || !refused) throw new Error('files not added');
    const target = { baseUrl: server.url, token: () => staff.token };

    // Nothing is confirmed yet: nothing is evicted.
    expect(await evictUploaded(device.db, target)).toMatchObject({ evicted: 0 });
    await device.push();
    expect(await uploadDue({ db: device.db, target })).toMatchObject({ uploaded: 2, refused: 1 });
    // Added after the round: still pending; another one caught mid-upload.
    const [waiting, inFlight] = await addFilesTo(device.db, parent, [pdf('later.pdf'), pdf('mid.pdf')], {
      ...options,
      isImage: false,
    });
    if (!waiting || !inFlight) throw new Error('files not added');
    await device.db.blobs.update(inFlight.id, { state: 'uploading' });

    // The server cannot be reached: the photo keeps its original (no thumbnail to keep instead).
    const away = await evictUploaded(device.db, { baseUrl: 'http://127.0.0.1:9', token: target.token });
    expect(away.interrupted).toBe(true);
    expect((await device.db.blobs.get(image.id))?.blob.size).toBe(image.bytes);

    const done = await evictUploaded(device.db, target);
    expect(done).toMatchObject({ interrupted: false });
    const kept = await device.db.blobs.get(image.id);
    expect(kept?.evicted_at).toBeTruthy();
    expect(kept?.blob.type).toBe('image/webp');
    const thumbnail = await fetch(`${server.url}/api/attachments/${image.id}/thumbnail/`, {
      headers: { authorization: `Token ${staff.token}` },
    });
    expect(kept?.blob.size).toBe((await thumbnail.arrayBuffer()).byteLength);
    expect(kept?.blob.size).toBeLessThan(image.bytes / 2);
    expect((await device.db.blobs.get(document.id))?.blob.size).toBe(0);
    // Not confirmed: every byte stays.
    for (const entry of [refused, waiting, inFlight])
      expect((await device.db.blobs.get(entry.id))?.blob.size).toBe(entry.bytes);
    expect((await device.db.blobs.get(refused.id))?.evicted_at).toBeUndefined();

    // The screens still list every file; the photo shows its thumbnail, the document downloads from the server.
    const items = new Map((await filesOfParent(device.db, parent)).map((item) => [item.id, item]));
    expect(items.get(image.id)).toMatchObject({
      state: 'synced',
      original_on_device: false,
      bytes: image.bytes,
    });
    expect(items.get(image.id)?.blob?.size).toBe(kept?.blob.size);
    expect(items.get(document.id)).toMatchObject({ state: 'synced', blob: null, original_on_device: false });
    expect(items.get(waiting.id)).toMatchObject({ state: 'pending', original_on_device: true });
    expect(items.get(waiting.id)?.blob?.size).toBe(waiting.bytes);

    // Once the waiting file is confirmed, the next round evicts it, and only it.
    await device.db.blobs.update(inFlight.id, { state: 'pending' });
    expect(await uploadDue({ db: device.db, target })).toMatchObject({ uploaded: 2 });
    expect(await evictUploaded(device.db, target)).toMatchObject({ evicted: 2 });
    expect(await evictUploaded(device.db, target)).toMatchObject({ evicted: 0 });
    // The server still has the originals.
    const original = await fetch(`${server.url}/api/attachments/${image.id}/download/`, {
      headers: { authorization: `Token ${staff.token}` },
    });
    expect((await original.arrayBuffer()).byteLength).toBe(image.bytes);
  });
});
