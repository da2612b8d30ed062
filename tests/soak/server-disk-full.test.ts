// The disk full while a file uploads, for real: the server's files folder (DATA_DIR/files) is a small
// tmpfs mounted by the test (root in a container can; elsewhere the test is skipped, saying why), filled
// up to leave less room than the file needs. The server answers 507 naming the problem and keeps no
// partial file nor record; the device keeps the file, and uploads it whole once there is room again.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveRecord } from '../../src/store/writes';
import { addFilesTo } from '../../src/sync/files/add';
import { uploadDue } from '../../src/sync/files/queue';
import { lookupIds } from '../../src/sync/testing/harness';
import { makeSoakDevice, rest, type SignedIn, signIn } from './support/server-devices';
import { makeStorage, type Storage } from './support/server-engines';
import { type ServerProcess, spawnServer } from './support/server-process';

const TMPFS_BYTES = 4 * 1024 * 1024;
const FILE_BYTES = 1024 * 1024;

/** Mounts a tmpfs of `bytes` at `dir`; the reason when this machine does not allow it. */
function mountTmpfs(dir: string, bytes: number): string | undefined {
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `cannot mount a tmpfs to fill (needs root with CAP_SYS_ADMIN): ${String(error).split('\n')[0]}`;
  }
}

function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** Every file under `dir`, relative. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/** A PDF (by its header) of `bytes` bytes. */
function pdfBytes(bytes: number): Uint8Array<ArrayBuffer> {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Length 0 >> stream\n');
  const tail = Buffer.from('\nendstream endobj\ntrailer <<>>\n%%EOF\n');
  return new Uint8Array(Buffer.concat([head, randomBytes(bytes - head.length - tail.length), tail]));
}

/** A signed-in device with a project of its own, already on the server. */
async function deviceWithProject(live: ServerProcess, name: string) {
  const user: SignedIn = await signIn(live.url, 'doc_clerk');
  const device = await makeSoakDevice(() => live.url, user);
  await device.pull();
  const ids = await lookupIds(device.db);
  const project = await saveRecord(device.ctx, 'project', { name, status: ids.inProgress });
  await device.push();
  return { live, user, device, project };
}

describe('disk full while a file uploads', () => {
  let storage: Storage;
  let server: ServerProcess | undefined;
  let filesDir = '';
  let cannot: string | undefined;

  beforeAll(async () => {
    storage = await makeStorage('pglite');
    filesDir = join(storage.dataDir, 'files');
    cannot = mountTmpfs(filesDir, TMPFS_BYTES);
    if (cannot) {
      console.warn(`Skipping the disk-full test: ${cannot}`);
      return;
    }
    server = await spawnServer({ dataDir: storage.dataDir, users: [{ username: 'doc_clerk' }] });
  });
  afterAll(async () => {
    await server?.stop();
    // Lazily: a process that has just exited may still be letting go of the folder.
    if (!cannot && filesDir) execFileSync('umount', ['-l', filesDir]);
    await storage?.remove();
  });

  it('answers 507, keeps nothing partial, and the device uploads the file once there is room', async (context) => {
    if (cannot || !server) return context.skip();
    const { live, user, device, project } = await deviceWithProject(server, 'MV Full Disk');

    // Other data leaves less room than the file needs.
    writeFileSync(join(filesDir, 'other-data'), Buffer.alloc(freeBytes(filesDir) - FILE_BYTES / 2));
    expect(freeBytes(filesDir)).toBeLessThan(FILE_BYTES);

    const bytes = pdfBytes(FILE_BYTES);
    const parent = { resource: 'project' as const, id: project.id };
    const [entry] = await addFilesTo(
      device.db,
      parent,
      [new File([bytes], 'manifest.pdf', { type: 'application/pdf' })],
      {
        isImage: false,
        description: 'Cargo manifest',
        position: null,
      },
    );
    if (!entry) throw new Error('no file queued');

    // The server's answer, as any client sees it: 507 naming the problem, with Retry-After.
    const form = new FormData();
    form.set('id', entry.id);
    form.set('file', new File([bytes], 'manifest.pdf', { type: 'application/pdf' }));
    const direct = await fetch(`${live.url}/api/project/${project.id}/attachments/`, {
      method: 'POST',
      headers: { authorization: `Token ${user.token}` },
      body: form,
    });
    expect(direct.status).toBe(507);
    expect(direct.headers.get('retry-after')).toBe('60');
    expect(await direct.json()).toEqual({ detail: expect.stringMatching(/no space left/) });

    // The device's own upload: told to retry later; it keeps the file, whole.
    const target = { baseUrl: live.url, token: () => user.token };
    expect(await uploadDue({ db: device.db, target })).toMatchObject({
      uploaded: 0,
      retrying: 1,
      refused: 0,
    });
    const kept = await device.db.blobs.get(entry.id);
    expect(kept).toMatchObject({ state: 'pending', last_error: 'HTTP 507' });
    if (!kept) throw new Error('the device dropped the file');
    expect(new Uint8Array(await kept.blob.arrayBuffer())).toEqual(bytes);

    // Nothing partial on the server: no file but the other data, no record.
    expect(filesUnder(filesDir).sort()).toEqual(['other-data']);
    const listed = await rest<{ count: number }>(
      live.url,
      user,
      'GET',
      `/api/project/${project.id}/attachments/`,
    );
    expect(listed.body.count).toBe(0);

    // Room again: the next round (after the backoff) uploads it, byte for byte.
    rmSync(join(filesDir, 'other-data'));
    const later = () => Date.now() + 60 * 60 * 1000;
    expect(await uploadDue({ db: device.db, target, now: later })).toMatchObject({
      uploaded: 1,
      retrying: 0,
    });
    expect(await device.db.blobs.get(entry.id)).toMatchObject({ state: 'uploaded' });
    const stored = filesUnder(filesDir).filter((path) => !path.startsWith('tmp'));
    expect(stored).toEqual([`${entry.id.slice(-2)}/${entry.id}`]);
    expect(new Uint8Array(readFileSync(join(filesDir, stored[0] ?? '')))).toEqual(new Uint8Array(bytes));
    const after = await rest<{ count: number }>(
      live.url,
      user,
      'GET',
      `/api/project/${project.id}/attachments/`,
    );
    expect(after.body.count).toBe(1);
    device.close();
  });

  it('a photo whose thumbnail finds no room: 507 too (not "could not be read"), kept, uploaded later', async (context) => {
    if (cannot || !server) return context.skip();
    const { live, user, device, project } = await deviceWithProject(server, 'MV Full Photo');
    const [width, height] = [900, 700];
    const jpeg = new Uint8Array(
      await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 60 })
        .toBuffer(),
    );
    // Room for the photo itself and one block more: its thumbnail is what does not fit.
    const block = statfsSync(filesDir).bsize;
    const room = (Math.ceil(jpeg.length / block) + 1) * block;
    writeFileSync(join(filesDir, 'other-data'), Buffer.alloc(freeBytes(filesDir) - room));
    const parent = { resource: 'project' as const, id: project.id };
    const [entry] = await addFilesTo(
      device.db,
      parent,
      [new File([jpeg], 'hold-3.jpg', { type: 'image/jpeg' })],
      {
        isImage: true,
        position: null,
      },
    );
    if (!entry) throw new Error('no photo queued');
    const target = { baseUrl: live.url, token: () => user.token };
    expect(await uploadDue({ db: device.db, target })).toMatchObject({
      uploaded: 0,
      retrying: 1,
      refused: 0,
    });
    expect(await device.db.blobs.get(entry.id)).toMatchObject({ state: 'pending', last_error: 'HTTP 507' });
    const before = filesUnder(filesDir).filter((path) => path.includes(entry.id) || path.startsWith('tmp'));
    expect(before).toEqual([]);

    rmSync(join(filesDir, 'other-data'));
    const later = () => Date.now() + 60 * 60 * 1000;
    expect(await uploadDue({ db: device.db, target, now: later })).toMatchObject({ uploaded: 1 });
    const stored = filesUnder(filesDir).filter((path) => path.includes(entry.id));
    expect(stored.sort()).toEqual([
      `${entry.id.slice(-2)}/${entry.id}`,
      `${entry.id.slice(-2)}/${entry.id}.thumb.webp`,
    ]);
    expect(new Uint8Array(readFileSync(join(filesDir, entry.id.slice(-2), entry.id)))).toEqual(jpeg);
    device.close();
  });
});
