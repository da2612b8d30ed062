// Hostile uploads: path-traversal and disguised file names, polyglots, an SVG with script, ZIP bombs
// as packing lists. Refused, or kept under a safe name and only ever sent as a download that cannot
// run; nothing written outside DATA_DIR, and nothing under it named by the client.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileStore } from '../../../server/files/store.js';
import { startTestServer, type TestServer } from '../../../server/testing.js';
import { jpeg, pdf, svg } from '../../fixtures/files.js';
import { download, upload } from '../../fixtures/multipart.js';
import { unzip } from '../../fixtures/unzip.js';
import { type Fixtures, fixtures } from '../fixtures.js';
import { HTML, jpegHtmlPolyglot, lyingSizes, rawMultipart, zipOf } from './files.js';

let sandbox: string;
let server: TestServer;
let f: Fixtures;
let project: string;

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), 'kt-attacks-'));
  server = await startTestServer({ dataDir: join(sandbox, 'data') });
  f = await fixtures(server);
  project = (await f.create('project')).id;
});
afterAll(async () => {
  await server?.close();
  if (sandbox) await rm(sandbox, { recursive: true, force: true });
});

async function tree(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names: string[] = [];
  for (const entry of entries) {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) names.push(`${path}/`, ...(await tree(join(dir, entry.name), `${path}/`)));
    else names.push(path);
  }
  return names;
}

/** The keys of the server's file store, whichever it is (disk by default, S3 in CI's S3 stage). */
async function storedKeys(): Promise<string[]> {
  const store = await openFileStore(server.config);
  try {
    const keys: string[] = [];
    for await (const item of store.list()) keys.push(item.key);
    return keys;
  } finally {
    await store.close();
  }
}

const post = async (path: string, name: string, bytes: Buffer, fields: Record<string, string> = {}) => {
  const { body, contentType } = rawMultipart(name, bytes, fields);
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Token ${f.staffToken}`, 'content-type': contentType },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const attach = (name: string, bytes: Buffer, fields?: Record<string, string>) =>
  post(`/api/project/${project}/attachments/`, name, bytes, fields);

/** A download that no browser runs: its stored type, never sniffed, as an attachment, sandboxed. */
async function expectSafeDownload(id: string, type: string) {
  const got = await download(`${server.url}/api/attachments/${id}/download/`, f.staffToken);
  expect(got.status).toBe(200);
  expect(got.headers.get('content-type')).toBe(type);
  expect(got.headers.get('x-content-type-options')).toBe('nosniff');
  expect(got.headers.get('content-disposition')).toMatch(
    /^attachment; filename="[^"/\\]*"; filename\*=UTF-8''/,
  );
  expect(got.headers.get('content-security-policy')).toContain('sandbox');
  return got;
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

describe('file names', () => {
  const names = [
    '../../etc/passwd',
    '/etc/passwd',
    '..\\..\\windows\\win.ini',
    'C:\\Windows\\System32\\drivers\\etc\\hosts',
    'a\u0000b.pdf',
    'nul\u0000.pdf',
    'CON',
    'aux.pdf',
    'COM1.txt',
    'lpt9.pdf',
    `${'x'.repeat(5000)}.pdf`,
    'invoice\u202Efdp.txt',
    'zero\u200Bwidth\u2066name.pdf',
    '.htaccess',
    '..',
    '...',
    ' . ',
    'quote".pdf',
    'line\r\nbreak.pdf',
    '%2e%2e%2fescaped.pdf',
  ];

  it('keeps each file under its id, names it safely, and serves it as a download', async () => {
    const outside = (await tree(sandbox)).filter((path) => !path.startsWith('data/'));
    for (const name of names) {
      const sent = await attach(name, pdf());
      expect(sent.status, name).toBe(201);
      const stored = String(sent.body.name);
      expect(stored, name).not.toMatch(/[/\\\p{Cc}\p{Cf}"]/u);
      expect(stored, name).not.toMatch(/^\.|^$/);
      expect(stored, name).not.toMatch(WINDOWS_RESERVED);
      expect(stored.length, name).toBeLessThanOrEqual(255);
      const got = await expectSafeDownload(String(sent.body.id), 'application/pdf');
      expect(got.bytes.equals(pdf())).toBe(true);
    }
    // Every stored file (under DATA_DIR/files, or in the bucket when STORAGE_URL is set) is named by an
    // attachment id; nothing appeared outside DATA_DIR.
    const files = await storedKeys();
    expect(files.length).toBeGreaterThanOrEqual(names.length);
    for (const path of files) expect(path).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}(\.thumb\.webp)?$/);
    expect((await tree(sandbox)).filter((path) => !path.startsWith('data/'))).toEqual(outside);
    // The ZIP of them all holds plain, unique names (yauzl refuses absolute or ".." entries).
    const zip = await download(`${server.url}/api/project/${project}/download_zip/`, f.staffToken);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"/\\]*"; filename\*=/);
    expect(zip.headers.get('x-content-type-options')).toBe('nosniff');
    const entries = [...(await unzip(zip.bytes)).keys()];
    expect(entries.length).toBeGreaterThanOrEqual(names.length);
    for (const entry of entries) {
      expect(entry).not.toMatch(/[/\\\p{Cc}\p{Cf}]/u);
      expect(entry).not.toMatch(WINDOWS_RESERVED);
    }
  });
});

describe('disguised content', () => {
  it('serves a JPEG that is also HTML only as an image download, and thumbnails it without the markup', async () => {
    const polyglot = jpegHtmlPolyglot(await jpeg(64, 48));
    for (const name of ['photo.jpg', 'page.html']) {
      const sent = await attach(name, polyglot, { is_image: 'true' });
      expect(sent.status, name).toBe(201);
      expect(sent.body.content_type).toBe('image/jpeg');
      const got = await expectSafeDownload(String(sent.body.id), 'image/jpeg');
      expect(got.bytes.equals(polyglot)).toBe(true);
      const thumb = await download(`${server.url}/api/attachments/${sent.body.id}/thumbnail/`, f.staffToken);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      expect(thumb.bytes.includes(Buffer.from('<script'))).toBe(false);
    }
  });

  it('never serves HTML or SVG as what they are', async () => {
    for (const [name, bytes, photo] of [
      ['page.html', Buffer.from(HTML), false],
      ['drawing.svg', svg(), false],
      ['page.txt', Buffer.from(HTML), false],
    ] as const) {
      const sent = await attach(name, bytes, { is_image: String(photo) });
      expect(sent.status, name).toBe(201);
      const type = String(sent.body.content_type);
      expect(type, name).not.toMatch(/html|svg|xml|javascript/);
      await expectSafeDownload(
        String(sent.body.id),
        type.startsWith('text/') ? `${type}; charset=utf-8` : type,
      );
    }
    // As photos, or under an image's name, they are refused.
    for (const [name, bytes] of [
      ['drawing.svg', svg()],
      ['drawing.png', svg()],
      ['page.jpg', Buffer.from(HTML)],
    ] as const) {
      const sent = await attach(name, bytes, { is_image: 'true' });
      expect(sent.status, name).toBe(400);
      expect(sent.body).toHaveProperty('file');
    }
  });

  it('takes a PDF that is also a ZIP as the PDF it starts as, and refuses it as a ZIP or a packing list', async () => {
    const polyglot = Buffer.concat([pdf(), await zipOf({ 'xl/workbook.xml': Buffer.from('<workbook/>') })]);
    const asPdf = await attach('contract.pdf', polyglot);
    expect(asPdf.status).toBe(201);
    await expectSafeDownload(String(asPdf.body.id), 'application/pdf');
    const asZip = await attach('bundle.zip', polyglot);
    expect(asZip.status).toBe(400);
    for (const name of ['list.xlsx', 'list.csv']) {
      const imported = await post(`/api/project/${project}/import_pl/`, name, polyglot);
      expect(imported.status, name).toBe(400);
      expect(imported.body).toHaveProperty('file');
    }
  });
});

describe('ZIP bombs as packing lists', () => {
  const importBomb = (bytes: Buffer) => post(`/api/project/${project}/import_pl/`, 'list.xlsx', bytes);

  it('refuses a bomb whose headers lie about its size, one of many entries, and one nested in a ZIP', async () => {
    const zeros = Buffer.alloc(1024 * 1024, 0x20);
    const big = await zipOf({
      'xl/workbook.xml': Buffer.from('<workbook/>'),
      'xl/worksheets/sheet1.xml': { repeat: zeros, times: 8 },
    });
    // It claims 1,000 bytes and unpacks to 8 MB: caught as it inflates, not trusted.
    const lying = await importBomb(lyingSizes(big, 1000));
    expect(lying.status).toBe(400);
    expect(lying.body).toHaveProperty('file');

    const entries: Record<string, Buffer> = { 'xl/workbook.xml': Buffer.from('<workbook/>') };
    for (let i = 0; i < 3000; i++) entries[`xl/worksheets/sheet${i}.xml`] = Buffer.from('<x/>');
    const many = await importBomb(await zipOf(entries));
    expect(many.status).toBe(400);

    const nested = await importBomb(
      await zipOf({ 'inner.zip': big, 'xl/workbook.xml': Buffer.from('<workbook/>') }),
    );
    expect(nested.status).toBe(400);
    expect(nested.body).toHaveProperty('file');
    const items = await server.query('select count(*)::int as n from packing_list where project = $1', [
      project,
    ]);
    expect(items[0].n).toBe(0);
    // The server is still well.
    expect((await f.api('GET', '/api/health/')).status).toBe(200);
  });

  it('keeps a ZIP bomb sent as an attachment as bytes, never unpacked', async () => {
    const bomb = await zipOf({ 'zeros.txt': { repeat: Buffer.alloc(1024 * 1024), times: 20 } });
    const sent = await upload(`${server.url}/api/project/${project}/attachments/`, {
      token: f.staffToken,
      file: { name: 'bomb.zip', bytes: bomb },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.size).toBe(bomb.length);
    await expectSafeDownload(String(sent.body.id), 'application/zip');
  });
});
