// Uploads the server will not take, and a session that ends while only uploads wait, in real Chromium
// through the fault proxy (the server's upload limit set low in its config, the way an operator sets it):
// a photo too large and a "PDF" that is a script are refused; the user is told which file and why (the
// bar, the photo's full view, the document's row, the sync panel), in English and Spanish; nothing is
// dropped or sent again on its own, "Try again" sends once more and "Remove" removes. A token the server
// stops accepting while only photos wait sends the user to sign in, and the photo goes once after.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from './projects-support';
import { pathOf, signIn } from './support/app';
import { PASSWORD } from './support/server';
import { status, until, waitForAllSent } from './support/sync';
import {
  addPhotos,
  distinctPhotos,
  openProject,
  storedAttachments,
  thumbs,
  uploadDocuments,
  uploadPath,
  uploadRig,
} from './support/uploads';

// 150 KB: a small photo goes, a tablet's large one (about 0.5 MB once compressed) does not.
const rig = uploadRig({ uploadMaxBytes: 150 * 1024 });
beforeAll(async () => {
  await rig.server.createUser({ username: 'ana', password: PASSWORD, role: 'admin' });
});

/** A large photo that stays large once compressed (noise does not compress). */
async function largePhoto(name: string) {
  const width = 1800;
  const height = 1350;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(Math.random() * 256);
  const buffer = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The upload requests that carried a file of this name. */
const sentFile = (name: string) =>
  rig.proxy.requests.filter(
    (request) => request.path === uploadPath(rig.project.id) && request.body.includes(`filename="${name}"`),
  );

describe('uploads the server refuses', () => {
  it('says which file and why, in English and Spanish; never dropped nor retried on its own', async () => {
    const { page } = await openProject(rig);
    const [small] = await distinctPhotos(1, 'SMALL');
    await addPhotos(page, [await largePhoto('BIG.jpg'), small as never], 'Hold 2 coils');
    await uploadDocuments(page, [
      {
        name: 'manifest.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('#!/bin/sh\necho "not a manifest"\n'),
      },
    ]);
    const section = page.getByTestId('section-documents');

    await thumbs(page, 'needs_attention').waitFor({ timeout: 60_000 });
    await thumbs(page, 'synced').waitFor({ timeout: 60_000 });
    const row = section.locator('[data-testid="document-row"][data-name="manifest.pdf"]');
    await row
      .locator('[data-testid="file-state"][data-state="needs_attention"]')
      .waitFor({ timeout: 30_000 });
    expect((await storedAttachments(rig)).map((file) => file.name)).toEqual(['SMALL_1.jpg']);

    // The bar counts them as needing attention, not as files still on their way.
    const bar = page.getByTestId('sync-status');
    await bar.getByTestId('sync-attention').waitFor();
    expect(await bar.getByTestId('sync-attention').textContent()).toBe('2 need attention');
    expect(await bar.getByTestId('sync-files').count()).toBe(0);

    // The document's row says why, in view (not only in a tooltip).
    expect(await row.getByTestId('file-refused').textContent()).toContain(
      'The server does not accept this file. The server says: Programs and scripts are not accepted.',
    );
    // The photo's full view says why.
    await thumbs(page, 'needs_attention').click();
    const refused = page.getByTestId('photo-viewer').getByTestId('file-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('The file is too large for the server.');
    expect(await refused.textContent()).toContain('larger than the limit of 0.1 MB');

    await page.keyboard.press('Escape');
    await refused.waitFor({ state: 'detached' });

    await page.getByTestId('language-es').click();
    await row.getByTestId('file-refused').getByText('El servidor no acepta este archivo.').waitFor();
    expect(await bar.getByTestId('sync-attention').textContent()).toBe('2 requieren atención');
    await thumbs(page, 'needs_attention').click();
    await refused.getByText('El archivo es demasiado grande para el servidor.').waitFor();
    await page.keyboard.press('Escape');
    await refused.waitFor({ state: 'detached' });
    // File names look like keys to expectNoRawKeys: check only that no key was missing.
    expect(await page.evaluate(() => window.__missingTranslationKeys ?? [])).toEqual([]);
    await page.getByTestId('language-en').click();

    // Not retried on its own: one request each, a while later too; the bytes stay on the device.
    await page.waitForTimeout(5000);
    expect([sentFile('BIG.jpg').length, sentFile('manifest.pdf').length]).toEqual([1, 1]);
    expect((await status(page)).files_pending).toBe(2);

    // The sync panel: each file by name; "Try again" sends once more, "Remove file" removes it.
    await bar.click();
    const cards = page.getByTestId('attention-file');
    await cards.nth(1).waitFor();
    const photoCard = cards.filter({ hasText: 'BIG.jpg' });
    expect(await photoCard.textContent()).toContain('The file is too large for the server.');
    await photoCard.getByRole('button', { name: 'Try again' }).click();
    await until(async () => sentFile('BIG.jpg').length === 2, 30_000, 'the photo sent again');
    await photoCard.getByText('larger than the limit').waitFor();
    const documentCard = cards.filter({ hasText: 'manifest.pdf' });
    await documentCard.getByRole('button', { name: 'Remove file' }).click();
    await page.getByTestId('confirm-discard').click();
    await until(async () => (await cards.count()) === 1, 10_000, 'the document removed');
    await page.keyboard.press('Escape');
    await row.waitFor({ state: 'detached' });
    await page.waitForTimeout(3000);
    expect([sentFile('BIG.jpg').length, sentFile('manifest.pdf').length]).toEqual([2, 1]);
    expect((await storedAttachments(rig)).map((file) => file.name)).toEqual(['SMALL_1.jpg']);
  });

  it('the token refused while only photos wait: sign in again, then the photo goes once', async () => {
    const { page } = await openProject(rig);
    const where = pathOf(page);
    // Revoked as a logout elsewhere would (straight to the server, not through the tablet's link).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const out = await fetch(`${rig.server.url}/api/logout/`, {
      method: 'POST',
      headers: { Authorization: `Token ${token}` },
    });
    expect(out.status).toBeLessThan(300);
    expect(await status(page)).toMatchObject({ pending: 0, files_pending: 0 });

    await addPhotos(page, await distinctPhotos(1, 'AFTER'), 'Gate 4');
    await page.getByTestId('session-ended').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(where);
    // The upload is what learnt it (no change was waiting to be pushed).
    const refusals = rig.proxy.requests.filter((request) => request.outcome === 401);
    expect(refusals[0]?.path).toBe(uploadPath(rig.project.id));
    expect(await page.getByTestId('session-ended').textContent()).toContain(
      'your 1 change not yet sent is kept on this device',
    );
    expect(await storedAttachments(rig)).toHaveLength(0);

    await signIn(page);
    expect(pathOf(page)).toBe(where);
    await thumbs(page, 'synced').waitFor({ timeout: 60_000 });
    await waitForAllSent(page);
    expect((await storedAttachments(rig)).map((file) => file.name)).toEqual(['AFTER_1.jpg']);
    const sent = rig.proxy.requests.filter((request) => request.path === uploadPath(rig.project.id));
    expect(sent.filter((request) => request.outcome !== 401).map((request) => request.outcome)).toEqual([
      201,
    ]);
  });

  it('a photo whose project was deleted on the server meanwhile waits for the user, who can keep or remove it', async () => {
    const { context, page } = await openProject(rig);
    await context.setOffline(true);
    await page.getByTestId('sync-online').getByText('Offline').waitFor();
    await addPhotos(page, await distinctPhotos(1, 'GONE'), 'Hold 5');
    // An administrator deletes the project while the tablet is offline.
    const admin = await apiSession(rig.server, 'ana');
    const deleted = await admin.api('DELETE', `/api/project/${rig.project.id}/`, { token: admin.token });
    expect(deleted.status).toBe(204);
    await context.setOffline(false);

    // A few tries (the server says 404), then it waits for the user instead of retrying unseen forever.
    const bar = page.getByTestId('sync-status');
    await bar.getByTestId('sync-attention').waitFor({ timeout: 60_000 });
    // (The tries made offline count too: at most four in all.)
    const tries = sentFile('GONE_1.jpg');
    expect(tries.length).toBeLessThanOrEqual(4);
    expect(new Set(tries.map((request) => request.outcome))).toEqual(new Set([404]));
    await bar.click();
    const card = page.getByTestId('attention-file').filter({ hasText: 'GONE_1.jpg' });
    expect(await card.textContent()).toContain('Its record is no longer on the server');
    // Nothing photographed is lost: the user can save it before removing it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('GONE_1.jpg');
    expect((await readFile(await download.path())).length).toBeGreaterThan(1000);
    await card.getByRole('button', { name: 'Remove file' }).click();
    await page.getByTestId('confirm-discard').click();
    await card.waitFor({ state: 'detached' });
    await page.waitForTimeout(3000);
    expect((await status(page)).files_pending).toBe(0);
    expect(sentFile('GONE_1.jpg')).toHaveLength(tries.length);
  });
});
