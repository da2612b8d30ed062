// The container report's new fields refused with the field named, and the PDF's "Photos" heading never
// left alone at the foot of a page, wherever the checklist ends.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiClient, signIn } from '../../tests/api/http.js';
import { upload } from '../../tests/fixtures/multipart.js';
import { startTestServer, type TestServer } from '../testing.js';
import { pdfPages, postForFile } from './read-files.js';
import { PASSWORD } from './report-fixture.js';

let server: TestServer;
let api: Api;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  await server.createUser({ username: 'boss', password: PASSWORD, role: 'admin' });
  admin = await signIn(api, 'boss', PASSWORD);
});
afterAll(async () => {
  await server?.close();
});

describe('container report fields', () => {
  it('refuses a bad size-type code or a signature that is not a PNG, naming the field, and stores nothing', async () => {
    const before = await api<{ count: number }>('GET', '/api/container-report/', { token: admin });
    const badCode = await api('POST', '/api/container-report/', {
      token: admin,
      body: { container_number: 'CSQU3054383', size_type: '2G' },
    });
    expect(badCode.status).toBe(400);
    expect(Object.keys(badCode.body)).toEqual(['size_type']);
    const spanish = await api('POST', '/api/container-report/', {
      token: admin,
      body: { container_number: 'CSQU3054383', size_type: '22-1' },
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toEqual({
      size_type: ['Introduzca un código ISO 6346 de tamaño y tipo de 4 caracteres, p. ej. 22G1 o 45R1.'],
    });
    const badSignature = await api('POST', '/api/container-report/', {
      token: admin,
      body: { container_number: 'CSQU3054383', signature: 'data:image/jpeg;base64,AAAA' },
    });
    expect(badSignature.status).toBe(400);
    expect(Object.keys(badSignature.body)).toEqual(['signature']);
    const after = await api<{ count: number }>('GET', '/api/container-report/', { token: admin });
    expect(after.body.count).toBe(before.body.count);
  });

  it('upper-cases the size-type code', async () => {
    const made = await api('POST', '/api/container-report/', {
      token: admin,
      body: { container_number: 'CSQU3054383', size_type: '45r1' },
    });
    expect(made.status).toBe(201);
    expect(made.body.size_type).toBe('45R1');
  });
});

describe('container report PDF layout', () => {
  it('keeps the "Photos" heading with the first photo, however long the notes before it', async () => {
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();
    // Notes of 0 to 30 lines move the end of the checklist down the page in steps of about 60 points,
    // so one of them ends where a heading drawn without its photo would be left at the foot.
    for (const lines of [0, 5, 10, 15, 20, 25, 30]) {
      const note = Array.from({ length: lines }, (_, index) => `Note line ${index + 1}`).join('\n');
      const made = await api('POST', '/api/container-report/', {
        token: admin,
        body: { container_number: 'CSQU3054383', stowage_others: note || undefined },
      });
      expect(made.status).toBe(201);
      const id = String(made.body.id);
      const sent = await upload(`${server.url}/api/container-report/${id}/attachments/`, {
        token: admin,
        fields: { description: 'Seal photo', is_image: 'true' },
        file: { name: 'seal.jpg', bytes, type: 'image/jpeg' },
      });
      expect(sent.status).toBe(201);
      const response = await postForFile(server.url, `/api/container-report/${id}/make_container_report/`, {
        token: admin,
      });
      const pages = await pdfPages(response.bytes);
      const headingPage = pages.findIndex((page) => page.items.some((item) => item.str === 'Photos'));
      const photoPage = pages.findIndex((page) => page.items.some((item) => item.str === 'Seal photo'));
      expect(headingPage, `${lines} lines`).toBeGreaterThanOrEqual(0);
      expect(photoPage, `${lines} lines`).toBe(headingPage);
      // The signature's heading goes with its box: the page that says it also names the inspector role.
      const signaturePage = pages.findIndex((page) =>
        page.items.some((item) => item.str === "Inspector's signature"),
      );
      expect(pages[signaturePage]?.items.filter((item) => item.str === 'Inspector').length).toBeGreaterThan(
        0,
      );
    }
  });
});
