import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../../../tests/api/fixtures.js';
import { jpeg, pdf, png, shellScript, svg } from '../../../tests/fixtures/files.js';
import { download, upload } from '../../../tests/fixtures/multipart.js';
import { unzip } from '../../../tests/fixtures/unzip.js';
import { fileStoreFor } from '../../files/store.js';
import { startTestServer, type TestServer } from '../../testing.js';

const LIMIT = 300 * 1024;
let server: TestServer;
let f: Fixtures;
let project: string;
let photo: Buffer;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const url = (path: string) => `${server.url}${path}`;
const post = (parent: string, id: string, options: Parameters<typeof upload>[1]) =>
  upload(url(`/api/${parent}/${id}/attachments/`), { token: f.staffToken, ...options });

/** The names of the stored files (on disk or in the bucket, as the test run is configured). */
async function storedFiles(): Promise<string[]> {
  const store = await fileStoreFor(server.config);
  const names: string[] = [];
  for await (const item of store.list()) names.push(item.key.split('/').pop() ?? '');
  return names;
}

beforeAll(async () => {
  server = await startTestServer({ uploadMaxBytes: LIMIT });
  f = await fixtures(server);
  project = (await f.create('project')).id;
  photo = await jpeg(800, 600);
});

afterAll(async () => {
  await server?.close();
});

describe('attachments', () => {
  it('stores a photo and a document, lists them with is_image, downloads them byte for byte', async () => {
    const image = await post('project', project, {
      fields: { description: 'Hold 2 before discharge', is_image: 'true', zone: 'onboard' },
      file: { name: 'hold 2.jpg', bytes: photo, type: 'image/jpeg' },
    });
    expect(image.status).toBe(201);
    expect(image.body).toMatchObject({
      name: 'hold 2.jpg',
      description: 'Hold 2 before discharge',
      is_image: true,
      zone: 'onboard',
      content_type: 'image/jpeg',
      size: photo.length,
      sha256: sha(photo),
      parent_resource: 'project',
      parent_id: project,
      project: { id: project },
      file: `/api/attachments/${image.body.id}/download/`,
      thumbnail: `/api/attachments/${image.body.id}/thumbnail/`,
    });
    const doc = await post('project', project, {
      fields: { description: 'Bill of lading', is_image: 'false' },
      file: { name: 'B/L 0042.pdf', bytes: pdf(), type: 'application/pdf' },
    });
    expect(doc.status).toBe(201);
    expect(doc.body).toMatchObject({ name: 'L 0042.pdf', is_image: false, zone: null, thumbnail: null });

    const images = await f.api('GET', `/api/project/${project}/attachments/?is_image=true`, {
      token: f.staffToken,
    });
    expect(images.body).toMatchObject({ count: 1, results: [{ id: image.body.id }] });
    const docs = await f.api('GET', `/api/project/${project}/attachments/?is_image=false`, {
      token: f.staffToken,
    });
    expect(docs.body).toMatchObject({ count: 1, results: [{ id: doc.body.id }] });
    const zone = await f.api('GET', `/api/project/${project}/attachments/?zone=truck`, {
      token: f.staffToken,
    });
    expect(zone.body).toMatchObject({ count: 0 });

    const got = await download(url(String(image.body.file)), f.staffToken);
    expect(got.status).toBe(200);
    expect(sha(got.bytes)).toBe(sha(photo));
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    expect(got.headers.get('x-suggested-filename')).toBe('hold%202.jpg');
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="hold 2.jpg"; filename*=UTF-8''hold%202.jpg`,
    );
    const viaParent = await download(
      url(`/api/project/${project}/attachments/${doc.body.id}/download/`),
      f.staffToken,
    );
    expect(viaParent.bytes.equals(pdf())).toBe(true);
    expect(viaParent.headers.get('content-type')).toBe('application/pdf');

    const thumb = await download(url(String(image.body.thumbnail)), f.staffToken);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('cache-control')).toContain('max-age');
    const meta = await sharp(thumb.bytes).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);
    const again = await download(url(String(image.body.thumbnail)), f.staffToken, {
      'if-none-match': String(thumb.headers.get('etag')),
    });
    expect(again.status).toBe(304);
  });

  it('answers a retry with the same id with the stored attachment: one row, one file', async () => {
    const incidence = (await f.create('incidence', { project })).id;
    const id = '01935f6e-8b7a-7cc1-9a3e-5d1f00000001';
    const first = await post('incidence', incidence, {
      fields: { id, description: 'Dent', is_image: 'true', zone: 'fas' },
      file: { name: 'dent.png', bytes: await png(), type: 'image/png' },
    });
    expect(first.status).toBe(201);
    const before = (await storedFiles()).length;
    const retry = await post('incidence', incidence, {
      fields: { id, description: 'Dent', is_image: 'true', zone: 'fas' },
      file: { name: 'dent.png', bytes: await png(), type: 'image/png' },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(id);
    expect(await storedFiles()).toHaveLength(before);
    const rows = await server.query('select count(*)::int as n from attachment where id = $1', [id]);
    expect(rows[0].n).toBe(1);

    const key = { 'idempotency-key': 'upload-key-1' };
    const keyed = await post('incidence', incidence, {
      fields: { description: 'x' },
      file: { name: 'a.pdf', bytes: pdf() },
      headers: key,
    });
    const replay = await post('incidence', incidence, {
      fields: { description: 'x' },
      file: { name: 'a.pdf', bytes: pdf() },
      headers: key,
    });
    expect(keyed.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(keyed.body.id);
  });

  it('refuses a renamed script, a fake photo, an SVG photo and a program, naming the file field', async () => {
    const script = await post('project', project, {
      file: { name: 'photo.jpg', bytes: shellScript(), type: 'image/jpeg' },
    });
    expect(script.status).toBe(400);
    expect(script.body.file).toEqual([expect.stringContaining('not accepted')]);
    const renamed = await post('project', project, {
      file: { name: 'photo.jpg', bytes: pdf(), type: 'image/jpeg' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.file).toEqual(['The content of "photo.jpg" is not a .jpg file (it is PDF).']);
    const fakePhoto = await post('project', project, {
      fields: { is_image: 'true' },
      file: { name: 'notes.txt', bytes: Buffer.from('hello'), type: 'text/plain' },
    });
    expect(fakePhoto.status).toBe(400);
    expect(fakePhoto.body.file).toEqual([expect.stringContaining('Not a photo')]);
    const svgPhoto = await post('project', project, {
      fields: { is_image: 'true' },
      file: { name: 'x.svg', bytes: svg() },
    });
    expect(svgPhoto.status).toBe(400);
    // An SVG document is kept, but only ever sent as a download that cannot run.
    const svgDoc = await post('project', project, {
      file: { name: 'drawing.svg', bytes: svg(), type: 'image/svg+xml' },
    });
    expect(svgDoc.status).toBe(201);
    expect(svgDoc.body.content_type).toBe('application/octet-stream');
    const noFile = await post('project', project, { fields: { description: 'nothing' } });
    expect(noFile.status).toBe(400);
    expect(noFile.body.file).toEqual(['No file was submitted.']);
    const badZone = await post('project', project, {
      fields: { is_image: 'true', zone: 'roof' },
      file: { name: 'p.jpg', bytes: photo },
    });
    expect(badZone.status).toBe(400);
    expect(badZone.body).toHaveProperty('zone');
  });

  it('answers 413 past the configured size limit and keeps nothing', async () => {
    const before = (await storedFiles()).length;
    const big = await post('project', project, {
      file: { name: 'big.pdf', bytes: Buffer.concat([pdf(), Buffer.alloc(LIMIT)]) },
    });
    expect(big.status).toBe(413);
    expect(big.body.file).toEqual(['The file is larger than the limit of 0.3 MB.']);
    expect(await storedFiles()).toHaveLength(before);
    const store = await fileStoreFor(server.config);
    expect(await readdir(store.scratch.folder)).toEqual([]);
  });

  it('neutralises path traversal and control characters in names, and keeps the display name', async () => {
    const sneaky = await post('project', project, {
      file: { name: '../../etc/pass\u0007wd\u202Egpj.pdf', bytes: pdf(), type: 'application/pdf' },
    });
    expect(sneaky.status).toBe(201);
    expect(sneaky.body.name).toBe('passwdgpj.pdf');
    const accents = await post('project', project, {
      file: { name: 'Informe daño "bodega" ñ.pdf', bytes: pdf() },
    });
    const got = await download(url(String(accents.body.file)), f.staffToken);
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="Informe dano _bodega_ n.pdf"; filename*=UTF-8''Informe%20da%C3%B1o%20_bodega_%20%C3%B1.pdf`,
    );
    expect(decodeURIComponent(String(got.headers.get('x-suggested-filename')))).toBe(
      'Informe daño _bodega_ ñ.pdf',
    );
  });

  it('streams every attachment of a record in a ZIP with unique original names', async () => {
    const report = (await f.create('container-report')).id;
    const one = await jpeg(100, 80, 2);
    const two = await jpeg(120, 90, 3);
    for (const bytes of [one, two])
      expect(
        (
          await post('container-report', report, {
            fields: { is_image: 'true' },
            file: { name: 'door.jpg', bytes },
          })
        ).status,
      ).toBe(201);
    await post('container-report', report, { file: { name: 'seal.pdf', bytes: pdf() } });
    const zip = await download(url(`/api/container-report/${report}/download_zip/`), f.staffToken);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('x-suggested-filename')).toMatch(/^container-report%20MSCU\d+\.zip$/);
    const entries = await unzip(zip.bytes);
    expect([...entries.keys()].sort()).toEqual(['door (2).jpg', 'door.jpg', 'seal.pdf']);
    expect(entries.get('door.jpg')?.equals(one)).toBe(true);
    expect(entries.get('door (2).jpg')?.equals(two)).toBe(true);
    expect(entries.get('seal.pdf')?.equals(pdf())).toBe(true);
  });

  it('lets a customer token read its own projects attachments only; deletes are for staff', async () => {
    const mine = (await f.create('accounts')).id;
    const other = (await f.create('accounts')).id;
    const myProject = (await f.create('project', { customer: mine })).id;
    const theirProject = (await f.create('project', { customer: other })).id;
    const myFile = await post('project', myProject, { file: { name: 'mine.pdf', bytes: pdf() } });
    const theirFile = await post('project', theirProject, { file: { name: 'theirs.pdf', bytes: pdf() } });
    const customer = await f.accountToken(mine);

    const list = await f.api('GET', `/api/project/${myProject}/attachments/`, { token: customer });
    expect(list.body).toMatchObject({ count: 1 });
    expect((await download(url(String(myFile.body.file)), customer)).status).toBe(200);
    expect(
      (await f.api('GET', `/api/project/${theirProject}/attachments/`, { token: customer })).status,
    ).toBe(404);
    expect((await download(url(String(theirFile.body.file)), customer)).status).toBe(404);
    expect((await download(url(`/api/project/${theirProject}/download_zip/`), customer)).status).toBe(404);
    const report = (await f.create('container-report')).id;
    expect(
      (await f.api('GET', `/api/container-report/${report}/attachments/`, { token: customer })).status,
    ).toBe(404);
    expect(
      (await post('project', myProject, { token: customer, file: { name: 'x.pdf', bytes: pdf() } })).status,
    ).toBe(403);
    expect((await f.api('DELETE', `/api/attachments/${myFile.body.id}/`, { token: customer })).status).toBe(
      403,
    );

    const key = { 'idempotency-key': `delete-${myFile.body.id}` };
    const removed = await f.api('DELETE', `/api/attachments/${myFile.body.id}/`, {
      token: f.staffToken,
      headers: key,
    });
    expect(removed.status).toBe(204);
    const retried = await f.api('DELETE', `/api/attachments/${myFile.body.id}/`, {
      token: f.staffToken,
      headers: key,
    });
    expect(retried.status).toBe(204);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect((await download(url(String(myFile.body.file)), f.staffToken)).status).toBe(404);
    const tomb = await server.query('select deleted_at, version from attachment where id = $1', [
      myFile.body.id,
    ]);
    expect(tomb[0]).toMatchObject({ version: 2 });
    expect(tomb[0].deleted_at).not.toBeNull();
    // The bytes outlive the record by DELETED_FILES_KEEP_HOURS, for a backup under way (storage.test
    // sees the purge take them).
    expect(await storedFiles()).toContain(myFile.body.id);
    expect(
      (await f.api('DELETE', `/api/attachments/${myFile.body.id}/`, { token: f.staffToken })).status,
    ).toBe(404);
  });

  it("tombstones a record's attachments with it (audit entry, new seq)", async () => {
    const incidence = (await f.create('incidence', { project })).id;
    const photoOf = await post('incidence', incidence, {
      fields: { is_image: 'true' },
      file: { name: 'dent.jpg', bytes: photo },
    });
    const [before] = await server.query('select seq from attachment where id = $1', [photoOf.body.id]);
    expect((await f.api('DELETE', `/api/incidence/${incidence}/`, { token: f.staffToken })).status).toBe(204);
    const [after] = await server.query('select seq, version, deleted_at from attachment where id = $1', [
      photoOf.body.id,
    ]);
    expect(after.deleted_at).not.toBeNull();
    expect(after.version).toBe(2);
    expect(Number(after.seq)).toBeGreaterThan(Number(before.seq));
    const audit = await server.query(
      `select action, note from audit_log where resource = 'attachment' and record_id = $1 order by id`,
      [photoOf.body.id],
    );
    expect(audit.at(-1)).toEqual({ action: 'delete', note: 'deleted with its incidence' });
    expect((await download(url(String(photoOf.body.file)), f.staffToken)).status).toBe(404);
  });

  it('takes documents of a prompter report, which follow the report into the tombstone', async () => {
    const report = (await f.create('prompter-report', { project })).id;
    const sheet = await post('prompter-report', report, {
      fields: { description: 'Signed tally sheet' },
      file: { name: 'tally sheet.pdf', bytes: pdf(), type: 'application/pdf' },
    });
    expect(sheet.status).toBe(201);
    expect(sheet.body).toMatchObject({
      parent_resource: 'prompter-report',
      parent_id: report,
      project: { id: project },
    });
    const listed = await f.api('GET', `/api/prompter-report/${report}/attachments/`, { token: f.staffToken });
    expect(listed.body).toMatchObject({ count: 1, results: [{ id: sheet.body.id }] });
    expect((await f.api('DELETE', `/api/prompter-report/${report}/`, { token: f.staffToken })).status).toBe(
      204,
    );
    const [after] = await server.query('select deleted_at from attachment where id = $1', [sheet.body.id]);
    expect(after.deleted_at).not.toBeNull();
  });
});
