// The claim bundle (issue 21) through its real path: photos with provenance uploaded over HTTP, the
// bundle downloaded and unzipped, every hash recomputed from the files in it; a stored file changed at
// rest is flagged in the manifest and the index (and its own download fails); another customer's
// project is a 404; a bad selection a 400 naming the field. One record's bundle (its "Download all"): a
// packing item's, a container report's of no project, the project's own files. Runs with the file store on disk and, with
// STORAGE_URL (tests/fixtures/with-s3.ts), in a bucket.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, fixtures } from '../../tests/api/fixtures.js';
import { jpeg, pdf } from '../../tests/fixtures/files.js';
import { download, upload } from '../../tests/fixtures/multipart.js';
import { unzip } from '../../tests/fixtures/unzip.js';
import { fileKey, fileStoreFor } from '../files/store.js';
import { startTestServer, type TestServer } from '../testing.js';
import { pdfPages, postForFile } from './read-files.js';

let server: TestServer;
let f: Fixtures;
let project: string;
let dent: string;
let scratch: string;
let other: string;
let photo: Buffer;
const ids: Record<string, string> = {};

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const bundle = (body: unknown, token = f.staffToken, headers: Record<string, string> = {}) =>
  postForFile(server.url, `/api/project/${project}/make_claim_bundle/`, { token, body, headers });

/** Uploads a file to `parent` ('incidence/<id>', 'packing-list/<id>'...); its id. */
async function attach(parent: string, name: string, bytes: Buffer, fields: Record<string, string>) {
  const sent = await upload(`${server.url}/api/${parent}/attachments/`, {
    token: f.staffToken,
    fields,
    file: { name, bytes, type: name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg' },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return String(sent.body.id);
}

interface Row {
  path: string | null;
  attachment_id: string;
  record_id: string;
  sha256: string;
  stored_sha256: string;
  integrity: string;
  [key: string]: unknown;
}

beforeAll(async () => {
  server = await startTestServer();
  f = await fixtures(server);
  const port = await f.create('port', { name: 'Seville', time_zone: 'Europe/Madrid' });
  project = (await f.create('project', { port: port.id })).id;
  dent = (await f.create('incidence', { description: 'Dented coil 4711' }, { project })).id;
  scratch = (await f.create('incidence', { description: 'Scratched slab' }, { project })).id;
  other = (await f.create('incidence', { description: 'Not in the claim' }, { project })).id;
  photo = await jpeg(800, 600, 3);
  ids.dent = await attach(`incidence/${dent}`, 'coil.jpg', photo, {
    is_image: 'true',
    zone: 'onboard',
    captured_at: '2026-11-20T09:14:03.250Z',
    capture_device: 'tablet-7',
    capture_latitude: '37.376543',
    capture_longitude: '-5.993219',
    capture_accuracy: '8',
    capture_sha256: sha(photo),
  });
  ids.report = await attach(`incidence/${dent}`, 'survey.pdf', pdf(), { is_image: 'false' });
  ids.scratch = await attach(`incidence/${scratch}`, 'slab.jpg', await jpeg(640, 480, 9), {
    is_image: 'true',
    capture_sha256: 'ab'.repeat(32),
  });
  ids.other = await attach(`incidence/${other}`, 'other.jpg', await jpeg(320, 240, 5), { is_image: 'true' });
});
afterAll(async () => {
  await server?.close();
});

describe('claim bundle', () => {
  it('holds the files as stored, a manifest whose hashes match them, and its own hash', async () => {
    const made = await bundle({ incidences: [dent, scratch], language: 'en' });
    expect(made.status, made.bytes.toString()).toBe(200);
    expect(made.headers.get('content-type')).toBe('application/zip');
    expect(made.headers.get('x-suggested-filename')).toMatch(/^claim_bundle_.*\.zip$/);
    const files = await unzip(made.bytes);
    const json = files.get('manifest.json');
    const csv = files.get('manifest.csv');
    if (!json || !csv) throw new Error(`no manifest in ${[...files.keys()]}`);
    const manifest = JSON.parse(json.toString()) as { files: Row[]; manifest_csv_sha256: string };
    // The bundle's hash: of manifest.json, said in the header and the index.
    expect(made.headers.get('x-bundle-sha256')).toBe(sha(json));
    expect(manifest.manifest_csv_sha256).toBe(sha(csv));
    expect(manifest.files.map((row) => row.attachment_id).sort()).toEqual(
      [ids.dent, ids.report, ids.scratch].sort(),
    );
    for (const row of manifest.files) {
      const bytes = files.get(String(row.path));
      expect(bytes, String(row.path)).toBeDefined();
      if (bytes) expect(sha(bytes)).toBe(row.sha256);
      expect(row.integrity).toBe('intact');
    }
    const coil = manifest.files.find((row) => row.attachment_id === ids.dent);
    expect(files.get(String(coil?.path))?.equals(photo)).toBe(true);
    expect(coil).toMatchObject({
      record_resource: 'incidence',
      record_id: dent,
      record_label: 'Dented coil 4711',
      captured_at: '2026-11-20T09:14:03.250Z',
      capture_device: 'tablet-7',
      latitude: '37.376543',
      longitude: '-5.993219',
      zone: 'onboard',
      altered_since_capture: false,
      edited_since_upload: false,
      author_username: expect.any(String),
    });
    expect(String(coil?.arrived_at)).toMatch(/^\d{4}-\d\d-\d\dT/);
    const slab = manifest.files.find((row) => row.attachment_id === ids.scratch);
    expect(slab?.altered_since_capture).toBe(true);
    // The CSV carries the same rows.
    const lines = csv.toString().trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^path,attachment_id,record_resource/);
    expect(csv.toString()).toContain(String(coil?.sha256));
    // The index: the hash, a page per incidence, local port time (09:14 UTC is 10:14 in Seville).
    const pages = await pdfPages(files.get('index.pdf') ?? Buffer.alloc(0));
    expect(pages[0]?.text.replace(/\s+/g, '')).toContain(sha(json));
    const dentPage = pages.slice(1).find((page) => page.text.includes('Dented coil 4711'));
    expect(dentPage?.text).toContain('20/11/2026 10:14');
    expect(dentPage?.text).toContain('survey.pdf');
    expect(pages.slice(1).find((page) => page.text.includes('Scratched slab'))?.text).toMatch(
      /differ from those/,
    );
    expect(pages.some((page) => page.text.includes('Not in the claim'))).toBe(false);
  });

  it('is in Spanish when asked', async () => {
    const made = await bundle({ incidences: [dent] }, f.staffToken, { 'accept-language': 'es' });
    expect(made.status).toBe(200);
    expect(made.headers.get('x-suggested-filename')).toMatch(/^paquete_reclamacion_/);
    const pages = await pdfPages((await unzip(made.bytes)).get('index.pdf') ?? Buffer.alloc(0));
    expect(pages[0]?.text).toContain('Hash del paquete');
    expect(pages[1]?.text).toContain('Incidencia: Dented coil 4711');
  });

  it('flags a stored file whose bytes changed, in the manifest and the index; its download fails', async () => {
    // The server's own store (disk or bucket), as a change at rest would leave it.
    const store = await fileStoreFor(server.config);
    const forged = await jpeg(800, 600, 4);
    await store.write(fileKey(ids.dent), Readable.from([forged]), 'image/jpeg');
    const made = await bundle({ incidences: [dent] });
    expect(made.status).toBe(200);
    expect(made.headers.get('x-bundle-flagged')).toBe('1');
    const files = await unzip(made.bytes);
    const manifest = JSON.parse(String(files.get('manifest.json'))) as { files: Row[] };
    const coil = manifest.files.find((row) => row.attachment_id === ids.dent);
    expect(coil).toMatchObject({ integrity: 'changed', sha256: sha(photo), stored_sha256: sha(forged) });
    expect(String(files.get('manifest.csv'))).toContain(',changed,');
    const pages = await pdfPages(files.get('index.pdf') ?? Buffer.alloc(0));
    expect(pages[0]?.text).toContain('Flagged: 1');
    expect(pages[1]?.text).toContain('STORED BYTES CHANGED');
    // Served alone, it is never passed as the file: the download stops short.
    const served = download(`${server.url}/api/attachments/${ids.dent}/download/`, f.staffToken);
    await expect(served.then((answer) => answer.bytes.equals(forged))).rejects.toThrow();
  });

  it("refuses another customer's project (404) and a selection that is not of this project (400)", async () => {
    const mine = (await f.create('accounts')).id;
    const theirs = await f.accountToken((await f.create('accounts')).id);
    const own = await f.accountToken(mine);
    expect((await bundle({}, theirs)).status).toBe(404);
    const foreign = (await f.create('incidence', {}, { project: (await f.create('project')).id })).id;
    const bad = await bundle({ incidences: [dent, foreign, 'nope'] });
    expect(bad.status).toBe(400);
    const errors = JSON.parse(bad.bytes.toString()) as Record<string, string[]>;
    expect(Object.keys(errors).some((key) => key.startsWith('incidences'))).toBe(true);
    const wrong = await bundle({ incidences: [foreign] });
    expect(JSON.parse(wrong.bytes.toString())).toEqual({
      incidences: [`Not incidences of this project: ${foreign}.`],
    });
    // The customer of a project may make its bundle; not another's.
    const theirProject = (await f.create('project', { customer: mine })).id;
    const path = `/api/project/${theirProject}/make_claim_bundle/`;
    expect((await postForFile(server.url, path, { token: own, body: {} })).status).toBe(200);
    expect((await postForFile(server.url, path, { token: theirs, body: {} })).status).toBe(404);
  });
  it("of one record, from its 'Download all': its files only, hashed, named by the record", async () => {
    const item = (await f.create('packing-list', { reference: 'C4711-A' }, { project })).id;
    const itemPhoto = await jpeg(640, 480, 11);
    const taken = await attach(`packing-list/${item}`, 'label.jpg', itemPhoto, {
      is_image: 'true',
      zone: 'warehouse',
      captured_at: '2026-11-21T15:02:00.000Z',
      capture_sha256: sha(itemPhoto),
    });
    const note = await attach(`packing-list/${item}`, 'mill-cert.pdf', pdf(), { is_image: 'false' });
    const made = await postForFile(server.url, `/api/packing-list/${item}/make_claim_bundle/`, {
      token: f.staffToken,
      body: { language: 'en' },
    });
    expect(made.status, made.bytes.toString()).toBe(200);
    expect(made.headers.get('x-suggested-filename')).toMatch(
      /^claim_bundle_.+_\d{4}-\d\d-\d\d_C4711-A\.zip$/,
    );
    const files = await unzip(made.bytes);
    const json = files.get('manifest.json') ?? Buffer.alloc(0);
    expect(made.headers.get('x-bundle-sha256')).toBe(sha(json));
    const manifest = JSON.parse(json.toString()) as { files: Row[]; project: { id: string } };
    expect(manifest.project.id).toBe(project);
    expect(manifest.files.map((row) => row.attachment_id).sort()).toEqual([taken, note].sort());
    for (const row of manifest.files) {
      expect(row).toMatchObject({
        record_resource: 'packing-list',
        record_id: item,
        record_label: 'C4711-A',
      });
      expect(String(row.path)).toMatch(/^files\/01_packing-list_C4711-A\//);
      expect(sha(files.get(String(row.path)) ?? Buffer.alloc(0))).toBe(row.sha256);
    }
    expect(manifest.files.find((row) => row.attachment_id === taken)?.zone).toBe('warehouse');
    const pages = await pdfPages(files.get('index.pdf') ?? Buffer.alloc(0));
    expect(pages[0]?.text.replace(/\s+/g, '')).toContain(sha(json));
    // 15:02 UTC is 16:02 in Seville, the project's port.
    expect(pages[1]?.text).toContain('Packing item: C4711-A');
    expect(pages[1]?.text).toContain('21/11/2026 16:02');
    expect(pages[1]?.text).toContain('mill-cert.pdf');

    // A container report of no project: its own port's time, named by its number; Spanish.
    const rotterdam = await f.create('port', { name: 'Rotterdam', time_zone: 'Europe/Amsterdam' });
    const box = await f.create('container-report', { container_number: 'MSCU1234565', port: rotterdam.id });
    const seal = await attach(`container-report/${box.id}`, 'seal.jpg', await jpeg(320, 240, 2), {
      is_image: 'true',
      captured_at: '2026-11-22T07:30:00.000Z',
    });
    const path = `/api/container-report/${box.id}/make_claim_bundle/`;
    const es = await postForFile(server.url, path, { token: f.staffToken, body: { language: 'es' } });
    expect(es.status, es.bytes.toString()).toBe(200);
    expect(es.headers.get('x-suggested-filename')).toMatch(
      /^paquete_reclamacion_MSCU1234565_\d{4}-\d\d-\d\d\.zip$/,
    );
    const boxFiles = await unzip(es.bytes);
    const boxManifest = JSON.parse(String(boxFiles.get('manifest.json'))) as { files: Row[]; project: null };
    expect(boxManifest.project).toBeNull();
    expect(boxManifest.files.map((row) => row.attachment_id)).toEqual([seal]);
    const boxPages = await pdfPages(boxFiles.get('index.pdf') ?? Buffer.alloc(0));
    expect(boxPages[1]?.text).toContain('Informe de contenedor: MSCU1234565');
    expect(boxPages[1]?.text).toContain('22/11/2026 08:30');
    // A report named by a time (a SOF by its ETA) reads as the port's local time, not an ISO string.
    const sof = (await f.create('sof-report', { eta_portcall: '2026-11-20T06:40:00.000Z' }, { project })).id;
    const timesheet = await attach(`sof-report/${sof}`, 'timesheet.pdf', pdf(), { is_image: 'false' });
    const sofMade = await postForFile(server.url, `/api/sof-report/${sof}/make_claim_bundle/`, {
      token: f.staffToken,
      body: { language: 'en' },
    });
    expect(sofMade.status, sofMade.bytes.toString()).toBe(200);
    const sofFiles = await unzip(sofMade.bytes);
    const sofRows = (JSON.parse(String(sofFiles.get('manifest.json'))) as { files: Row[] }).files;
    expect(sofRows.map((row) => [row.attachment_id, row.record_label])).toEqual([
      [timesheet, '20/11/2026 07:40'],
    ]);
    expect(String(sofRows[0]?.path)).toMatch(/^files\/01_sof-report_20_11_2026_07_40\//);
    expect(sofMade.headers.get('x-suggested-filename')).not.toMatch(/T06|\.000Z/);

    // Who cannot read the record gets a 404, as for its files: a customer token and a container report.
    const customer = await f.accountToken((await f.create('accounts')).id);
    expect((await postForFile(server.url, path, { token: customer, body: {} })).status).toBe(404);
    const strangers = `/api/packing-list/${item}/make_claim_bundle/`;
    expect((await postForFile(server.url, strangers, { token: customer, body: {} })).status).toBe(404);
    const badZone = await postForFile(server.url, strangers, {
      token: f.staffToken,
      body: { time_zone: 'Mars/Olympus' },
    });
    expect(badZone.status).toBe(400);
    expect(Object.keys(JSON.parse(badZone.bytes.toString()))).toEqual(['time_zone']);

    // The project's own files: its bundle with no incidence and project_files (the documents' button).
    const own = await attach(`project/${project}`, 'hatch-survey.pdf', pdf(), { is_image: 'false' });
    const projectOnly = await bundle({ incidences: [], project_files: true });
    expect(projectOnly.status).toBe(200);
    const projectFiles = JSON.parse(String((await unzip(projectOnly.bytes)).get('manifest.json'))) as {
      files: Row[];
    };
    expect(projectFiles.files.map((row) => [row.attachment_id, row.record_resource])).toEqual([
      [own, 'project'],
    ]);
  });
});
