// A file refused while the device was offline is kept with the server's words for the user to read
// later: in the interface's language (the queue sends Accept-Language as the API client does).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../store/language';
import { saveRecord } from '../../store/writes';
import { lookupIds, makeDevice, type SyncServer, startSyncServer, type TestUser } from '../testing/harness';
import { addFilesTo } from './add';
import { uploadDue } from './queue';

let server: SyncServer;
let staff: TestUser;

beforeAll(async () => {
  server = await startSyncServer();
  staff = await server.user('gallery_language');
});
afterAll(() => server?.close());
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The browser's storage holding the interface language, as the language switch leaves it. */
function interfaceIn(language: string) {
  const stored = new Map([[LANGUAGE_STORAGE_KEY, language]]);
  vi.stubGlobal('localStorage', { getItem: (key: string) => stored.get(key) ?? null });
}

async function refusedWords(): Promise<string | null | undefined> {
  const device = await makeDevice(server, staff);
  await device.pull();
  const ids = await lookupIds(device.db);
  const project = await saveRecord(device.ctx, 'project', { name: 'MV Idioma', status: ids.inProgress });
  await device.push();
  const parent = { resource: 'project' as const, id: project.id };
  const [bad] = await addFilesTo(
    device.db,
    parent,
    [new File(['%PDF-1.4\n%%EOF\n'], 'acta.pdf', { type: 'application/pdf' })],
    { isImage: true, position: null },
  );
  if (!bad) throw new Error('no file');
  const outcome = await uploadDue({
    db: device.db,
    target: { baseUrl: server.url, token: () => staff.token },
  });
  expect(outcome).toMatchObject({ refused: 1 });
  return (await device.db.blobs.get(bad.id))?.last_error;
}

describe('a refused upload in the interface language', () => {
  it('keeps the Spanish words when the interface is in Spanish', async () => {
    interfaceIn('es');
    expect(await refusedWords()).toBe(
      'No es una foto: envíe una imagen JPEG, PNG, WebP, GIF, AVIF o TIFF (no se acepta SVG).',
    );
  });

  it('keeps the English words when the interface is in English', async () => {
    interfaceIn('en');
    expect(await refusedWords()).toBe(
      'Not a photo: send a JPEG, PNG, WebP, GIF, AVIF or TIFF image (SVG is not accepted).',
    );
  });
});
