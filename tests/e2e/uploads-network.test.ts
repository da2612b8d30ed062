// Photos on a bad network, in real Chromium, every fault on the wire (the fault proxy is the browser's only
// way to the server): an upload cut halfway through its body, or whose answer is lost, stays queued and
// arrives once, thumbnail shown; a server answering 503 with Retry-After, then 500, is not hammered (one
// try per wait, the wait it asked for) and gets every photo once when it recovers; on a slow link each
// photo says it is uploading and the user keeps working. (The soak tests send 50 photos through the same
// faults; these check what the user sees and how often the server is asked.)
import { describe, expect, it } from 'vitest';
import { status, waitForAllSent } from './support/sync';
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

const rig = uploadRig();

type Fault = { status: number; headers?: Record<string, string> } | null;

/**
 * Counts this project's upload requests (with their time) and answers them with `fault` while it says so;
 * with `everything`, every other API request too (the whole server away, the sync's requests included).
 */
function watchUploads(fault: () => Fault, everything = false) {
  const path = uploadPath(rig.project.id);
  rig.proxy.choose = (method, url) => {
    const upload = method === 'POST' && url.startsWith(path);
    if (!upload && !(everything && url.startsWith('/api/'))) return null;
    const answer = fault();
    if (upload) rig.uploads.push({ at: Date.now(), outcome: answer ? String(answer.status) : 'pass' });
    return answer ? { kind: 'status', status: answer.status, headers: answer.headers } : null;
  };
}

describe('photos on a bad network', () => {
  it('an upload cut halfway through its body, and one whose answer is lost, each arrive once', async () => {
    const { page } = await openProject(rig);
    const path = uploadPath(rig.project.id);
    // The first photo's body is cut halfway (the server gets half); the next answer is lost after the
    // server stored the photo (a retry must get the stored one, not a second copy).
    rig.proxy.rules.push(
      { method: 'POST', path, action: { kind: 'cut-request' } },
      { method: 'POST', path, action: { kind: 'drop-after' } },
    );
    await addPhotos(page, await distinctPhotos(2, 'CUT'), 'Hatch 1 lashing');
    await thumbs(page, 'synced').nth(1).waitFor({ timeout: 60_000 });
    await waitForAllSent(page);
    const sent = rig.proxy.requests.filter((request) => request.path === path);
    expect(sent.filter((request) => request.outcome === 'dropped')).toHaveLength(2);
    expect((await storedAttachments(rig)).map((row) => row.name)).toEqual(['CUT_1.jpg', 'CUT_2.jpg']);
    // Both thumbnails drawn (the device's copy, then the server's once the original is evicted).
    for (const index of [0, 1]) {
      const image = thumbs(page, 'synced').nth(index).getByTestId('photo-thumb-img');
      await image.waitFor();
      await expect
        .poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth), { timeout: 30_000 })
        .toBeGreaterThan(0);
    }
    // Another round sends nothing again.
    await page.evaluate(() => window.__karbontrack?.syncNow());
    expect(await storedAttachments(rig)).toHaveLength(2);
  });

  it('503 with Retry-After, then 500: one try per wait, the wait asked for; every photo once after', async () => {
    const { page } = await openProject(rig);
    let answer: Fault = {
      status: 503,
      headers: { 'Retry-After': '4' },
    };
    watchUploads(() => answer);
    await addPhotos(page, await distinctPhotos(5, 'DOWN'), 'Quay 3 stacks');
    await expect.poll(() => rig.uploads.length, { timeout: 30_000 }).toBeGreaterThan(0);
    // The photos wait on the device, marked, and the bar counts them.
    await thumbs(page, 'pending').nth(4).waitFor();
    expect(await thumbs(page, 'pending').first().getByTestId('photo-pending').textContent()).toBe(
      'Waiting to upload',
    );
    expect((await status(page)).files_pending).toBe(5);
    await page.waitForTimeout(13_000);
    const first = rig.uploads[0]?.at ?? 0;
    const during503 = rig.uploads.filter((upload) => upload.outcome === '503');
    // The first try may send a few at once (three); after a refusal, the server is left alone for the 4 s it
    // asked, and then asked once: not five photos each on their own backoff (1 s, 2 s, 4 s...).
    const firstBurst = during503.slice(0, 3).filter((upload) => upload.at - first < 3000);
    const later = during503.slice(firstBurst.length);
    expect(later.length, JSON.stringify(rig.uploads)).toBeLessThanOrEqual(3);
    for (const [index, upload] of later.entries()) {
      const previous = index === 0 ? (firstBurst.at(-1)?.at ?? first) : (later[index - 1]?.at ?? 0);
      expect(upload.at - previous).toBeGreaterThanOrEqual(3900);
    }

    // A photo tried says why it waits, and that it goes by itself, in English and Spanish.
    const viewer = page.getByTestId('photo-viewer');
    for (const [language, reason] of [
      ['en', 'The server cannot take it right now (HTTP 503): it is sent by itself later.'],
      ['es', 'El servidor no puede recibirlo ahora (HTTP 503): se envía solo más tarde.'],
    ]) {
      await page.getByTestId(`language-${language}`).click();
      await thumbs(page).last().click();
      await viewer.getByText(reason).waitFor();
      await page.keyboard.press('Escape');
      await viewer.getByTestId('photo-swipe').waitFor({ state: 'detached' });
    }
    await page.getByTestId('language-en').click();

    // 500 without Retry-After: backoff, still one try at a time.
    answer = { status: 500 };
    const before500 = rig.uploads.length;
    await page.waitForTimeout(8_000);
    expect(rig.uploads.length - before500).toBeLessThanOrEqual(4);
    expect(await storedAttachments(rig)).toHaveLength(0);

    answer = null;
    await thumbs(page, 'synced').nth(4).waitFor({ timeout: 90_000 });
    await waitForAllSent(page);
    expect((await storedAttachments(rig)).map((row) => row.name)).toEqual([
      'DOWN_1.jpg',
      'DOWN_2.jpg',
      'DOWN_3.jpg',
      'DOWN_4.jpg',
      'DOWN_5.jpg',
    ]);
    // Each photo went through once.
    expect(rig.uploads.filter((upload) => upload.outcome === 'pass')).toHaveLength(5);
  });

  it('after an outage of the whole server the photos go with the first good sync, not at the end of their wait', async () => {
    const { page } = await openProject(rig);
    let down = true;
    // Every API request answered 503 with a long Retry-After: the photos' queue waits two minutes.
    watchUploads(() => (down ? { status: 503, headers: { 'Retry-After': '120' } } : null), true);
    await addPhotos(page, await distinctPhotos(2, 'BACK'), 'Berth 7');
    await expect.poll(() => rig.uploads.length, { timeout: 30_000 }).toBeGreaterThan(0);
    // The app comes back to the front: its sync fails too and waits.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(async () => (await status(page)).phase, { timeout: 30_000 }).toBe('backoff');
    const tried = rig.uploads.length;

    down = false;
    const back = Date.now();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await thumbs(page, 'synced').nth(1).waitFor({ timeout: 30_000 });
    expect(Date.now() - back).toBeLessThan(30_000);
    expect(rig.uploads.slice(tried).map((upload) => upload.outcome)).toEqual(['pass', 'pass']);
    expect((await storedAttachments(rig)).map((row) => row.name)).toEqual(['BACK_1.jpg', 'BACK_2.jpg']);
  });

  it('a slow link: each photo and document says it is uploading, and the user keeps working meanwhile', async () => {
    const { page } = await openProject(rig);
    const path = uploadPath(rig.project.id);
    // The server's answers come 8 s late, as on a weak uplink.
    rig.proxy.rules.push({ method: 'POST', path, action: { kind: 'delay', ms: 8000 }, times: 4 });
    await addPhotos(page, await distinctPhotos(2, 'SLOW'), 'Truck 12');
    const uploading = thumbs(page, 'uploading');
    await uploading.nth(1).waitFor({ timeout: 10_000 });
    expect(await uploading.first().getByTestId('photo-pending').textContent()).toBe('Uploading');
    // Meanwhile: another photo and a document added; the dialogs close at once (the files are kept here).
    await addPhotos(page, await distinctPhotos(1, 'MORE'), 'Truck 13');
    expect(await thumbs(page).count()).toBe(3);
    await uploadDocuments(
      page,
      [{ name: 'tally-sheet.txt', mimeType: 'text/plain', buffer: Buffer.from('Hold 1: 42 coils\n') }],
      5_000,
    );
    const documentState = page
      .getByTestId('section-documents')
      .locator('[data-testid="document-row"][data-name="tally-sheet.txt"] [data-testid="file-state"]');
    await documentState.and(page.locator('[data-state="uploading"]')).waitFor({ timeout: 20_000 });
    expect(await documentState.textContent()).toBe('Uploading');
    await page.getByTestId('language-es').click();
    expect(await uploading.first().getByTestId('photo-pending').textContent()).toBe('Subiendo');
    expect(await documentState.textContent()).toBe('Subiendo');
    await page.getByTestId('language-en').click();
    await thumbs(page, 'synced').nth(2).waitFor({ timeout: 60_000 });
    await documentState.waitFor({ state: 'detached', timeout: 60_000 });
    expect((await storedAttachments(rig)).map((row) => row.name)).toEqual([
      'MORE_1.jpg',
      'SLOW_1.jpg',
      'SLOW_2.jpg',
      'tally-sheet.txt',
    ]);
    // File names look like keys to expectNoRawKeys: check only that no key was missing.
    expect(await page.evaluate(() => window.__missingTranslationKeys ?? [])).toEqual([]);
  });
});
