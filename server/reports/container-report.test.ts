import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiClient, signIn } from '../../tests/api/http.js';
import { upload } from '../../tests/fixtures/multipart.js';
import { startTestServer, type TestServer } from '../testing.js';
import { pdfPages, postForFile } from './read-files.js';
import { CORRUPT_PNG, PASSWORD } from './report-fixture.js';

let server: TestServer;
let api: Api;
let admin: string;
let reportId: string;
let cleanId: string;
let signature: string;

const LONG_NOTE = `Dent near the corner casting; ${'rust streaks along the lower rail and a scraped CSC plate, '.repeat(30)}end.`;

async function photo(color: string, width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  await server.createUser({ username: 'boss', password: PASSWORD, role: 'admin' });
  await server.createUser({
    username: 'inspector',
    password: PASSWORD,
    first_name: 'Luis',
    last_name: 'Pardo',
  });
  admin = await signIn(api, 'boss', PASSWORD);
  const users = await api<{ results: { id: string; username: string }[] }>(
    'GET',
    '/api/users/?search=inspector',
    {
      token: admin,
    },
  );
  const manager = users.body.results.find((user) => user.username === 'inspector')?.id;
  // The seed may have made the status already.
  const statuses = await api<{ results: { id: string; description: string }[] }>(
    'GET',
    '/api/report-status/',
    {
      token: admin,
    },
  );
  const status =
    statuses.body.results.find((row) => row.description === 'Completed')?.id ??
    (await api('POST', '/api/report-status/', { token: admin, body: { description: 'Completed' } })).body.id;
  const port = await api('POST', '/api/port/', {
    token: admin,
    body: { name: 'Seville', name_es: 'Sevilla', code: 'ESSVQ', time_zone: 'Europe/Madrid' },
  });
  const vessel = await api('POST', '/api/vessel/', { token: admin, body: { name: 'MV Nordic Star' } });
  const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0b2a6b' } })
    .png()
    .toBuffer();
  signature = `data:image/png;base64,${png.toString('base64')}`;
  const made = await api('POST', '/api/container-report/', {
    token: admin,
    body: {
      container_number: 'CSQU3054384', // the check digit should be 3
      size_type: '22g1',
      seal_number: 'ML-4471920',
      vessel: vessel.body.id,
      voyage: '046W',
      port: port.body.id,
      place: 'Terminal TPS, berth 12',
      signature,
      manager,
      date: '2026-11-21',
      status,
      external_floor_break: true,
      external_left_side_status: 'broken',
      external_door_status: 'no_damage',
      external_others: LONG_NOTE,
      internal_roof_status: 'small_damage',
      internal_floor_cleaned: true,
      load_shift: true,
    },
  });
  expect(made.status).toBe(201);
  reportId = String(made.body.id);
  for (const [index, color] of ['#884422', '#225588'].entries()) {
    const sent = await upload(`${server.url}/api/container-report/${reportId}/attachments/`, {
      token: admin,
      fields: { description: `Door photo ${index + 1}`, is_image: 'true' },
      file: { name: `door-${index + 1}.jpg`, bytes: await photo(color), type: 'image/jpeg' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  }
  const clean = await api('POST', '/api/container-report/', {
    token: admin,
    body: { container_number: 'CSQU3054383' },
  });
  cleanId = String(clean.body.id);
});
afterAll(async () => {
  await server?.close();
});

const make = (id: string, body?: unknown, token = admin) =>
  postForFile(server.url, `/api/container-report/${id}/make_container_report/`, { token, body });

describe('container report PDF', () => {
  it('shows the number with its ISO 6346 warning, the particulars, the inspector, the status and every damage', async () => {
    const response = await make(reportId, { language: 'en' });
    expect(response.status, response.bytes.toString()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-suggested-filename')).toBe('container_report_CSQU3054384.pdf');
    expect(response.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(response.bytes);
    const text = pages
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('CSQU3054384');
    expect(text).toContain('Warning: the ISO 6346 check digit of CSQU3054384 should be 3, not 4.');
    // The inspector by full name, never with a user name or role beside it.
    expect(text).toContain('Luis Pardo');
    expect(text).not.toMatch(/\((inspector|admin|boss)\)/);
    expect(text).toContain('21/11/2026');
    for (const particular of [
      'Size and type (ISO 6346) 22G1',
      'Seal number ML-4471920',
      'Vessel MV Nordic Star',
      'Voyage 046W',
      'Port Seville',
      'Place of inspection Terminal TPS, berth 12',
      'Date of inspection 21/11/2026',
      'Inspector Luis Pardo',
    ])
      expect(text).toContain(particular);
    // Times in the port's zone, said once, and the letterhead.
    expect(text).toMatch(/Local time, Europe\/Madrid, UTC\+0[12]:00/);
    expect(text).toContain("Inspector's signature");
    expect(text).toContain('Completed');
    expect(text).toContain('Damage found: 4');
    expect(text.match(/DAMAGE/g)).toHaveLength(4);
    for (const label of [
      'Floor break',
      'Left side',
      'Broken',
      'Small damage',
      'Load shift',
      'Floor cleaned',
      'Wooden dowels left',
    ])
      expect(text).toContain(label);
    expect(text).toContain('Door photo 1');
    expect(text).toContain('Door photo 2');
    // Each photo's caption says its zone, when (local time) and who took it.
    expect(text).toMatch(/No zone · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · boss/);
    // Both photos and the signature drawn on the tablet are drawn as images.
    expect(response.bytes.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(3);
  });

  it('wraps a long note inside the page', async () => {
    const response = await make(reportId);
    const pages = await pdfPages(response.bytes);
    const text = pages
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Dent near the corner casting;');
    for (const page of pages)
      for (const item of page.items) expect(item.x + item.width).toBeLessThanOrEqual(page.width - 40);
  });

  it('is in Spanish when asked', async () => {
    const response = await make(reportId, { language: 'es' });
    expect(response.headers.get('x-suggested-filename')).toBe('informe_contenedor_CSQU3054384.pdf');
    const text = (await pdfPages(response.bytes))
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Informe de inspección de contenedor');
    expect(text).toContain('Lateral izquierdo');
    expect(text).toContain('Puerto Sevilla');
    expect(text).toContain('Número de precinto ML-4471920');
    expect(text).toContain('Tamaño y tipo (ISO 6346) 22G1');
    expect(text).toContain('Firma del inspector');
    expect(text).toMatch(/Hora local, Europe\/Madrid/);
    expect(text).not.toContain('Seville');
    expect(text).toContain('Daños encontrados: 4');
    expect(text).toContain('debería ser 3, no 4');
  });

  it('makes a report without damage, photos, inspector or warning', async () => {
    const response = await make(cleanId);
    expect(response.status).toBe(200);
    const text = (await pdfPages(response.bytes))
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('CSQU3054383');
    expect(text).not.toContain('Warning');
    expect(text).toContain('No damage found');
    expect(text).toContain('No photos');
    expect(text).not.toContain('DAMAGE');
    expect(text).toContain('ISO 6346 check digit 3: correct.');
    // No signature drawn: a box to sign on paper, and no image at all.
    expect(text).toContain("Inspector's signature");
    expect(response.bytes.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('makes the report when its signature is a PNG that cannot be read, without the image', async () => {
    const made = await api('POST', '/api/container-report/', {
      token: admin,
      body: { container_number: 'CSQU3054383', signature: CORRUPT_PNG },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const response = await make(String(made.body.id), { language: 'en' });
    expect(response.status).toBe(200);
    const text = (await pdfPages(response.bytes)).map((page) => page.text).join(' ');
    expect(text).toContain("Inspector's signature");
    expect(response.bytes.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it("answers 404 for an unknown report, and for a report linked to none of a customer's projects", async () => {
    expect((await make('0190a000-0000-7000-8000-00000000dead')).status).toBe(404);
    const account = await api('POST', '/api/accounts/', {
      token: admin,
      body: { trade_name: 'Naviera Uno' },
    });
    const token = await api<{ token: string }>('POST', `/api/accounts/${account.body.id}/tokens/`, {
      token: admin,
      body: { name: 'ERP' },
    });
    expect((await make(reportId, undefined, token.body.token)).status).toBe(404);
  });
});
