// The browser goes away in the middle of a push and of photo uploads, then is opened again on the same
// profile (the same storage and sign-in): the queue resumes and every change and file reaches the server
// once. Twice: closed by the user after the server applied the push and stored the files but before the
// answers arrived, and killed (SIGKILL) while the push and the uploads were halfway to the server. And
// killed a moment after sign-in: it opens again signed in (the session's IndexedDB mirror).
import { describe, expect, it } from 'vitest';
import { signIn } from '../e2e/support/app';
import { PASSWORD } from '../e2e/support/server';
import {
  takePhotos,
  until,
  waitForAllSent,
  waitForFirstSync,
  waitForServiceWorker,
} from '../e2e/support/sync';
import { deviceFiles, outboxCount, queueWork, saveBase, syncUntilSent } from './support/browser-device';
import { profileRigForFile } from './support/browser-profiles';
import { appliedMutations, filesOnDisk, killProfile, PUSH, storedFiles } from './support/browser-soak';

const soak = profileRigForFile(6);

/** The mutation ids of the push requests the proxy saw from `since` on, by what the client got. */
function pushedIds(since: number, held: boolean): string[] {
  return soak.rig.proxy.requests
    .slice(since)
    .filter((request) => request.path.startsWith(PUSH) && (request.outcome === 'held') === held)
    .flatMap(
      (request) => (JSON.parse(request.body) as { mutations: Array<{ mutation_id: string }> }).mutations,
    )
    .map((mutation) => mutation.mutation_id);
}

describe('the browser killed right after sign-in', () => {
  it('killed the moment the app leaves /login signed in: it opens again signed in', async () => {
    const profile = soak.newProfile();
    const first = await soak.open(profile);
    await first.page.goto('/login');
    await first.page.getByLabel('User').fill('marta');
    await first.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await first.page.getByRole('button', { name: 'Sign in' }).click();
    // Sign-in is done when the app moves on from /login; killed then, before the screen has even drawn.
    await first.page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit' });
    expect(killProfile(profile)).toBeGreaterThan(0);
    await first.context.close().catch(() => {});

    const again = await soak.open(profile);
    // What local storage kept through the kill, read before the app's code runs (it restores the session).
    await again.page.addInitScript(() => {
      (window as { tokenAtStart?: string | null }).tokenAtStart = localStorage.getItem('token');
    });
    await again.page.goto('/projects');
    await again.page.waitForFunction(
      () => window.__karbontrack?.ready() === true || window.location.pathname === '/login',
      undefined,
      { timeout: 30_000 },
    );
    const kept = await again.page.evaluate(() => (window as { tokenAtStart?: string | null }).tokenAtStart);
    console.info(`killed right after sign-in: local storage ${kept ? 'kept' : 'lost'} the token`);
    expect(new URL(again.page.url()).pathname, 'reopened signed in').toBe('/projects');
    await again.page.getByTestId('welcome').waitFor();
    expect(await again.page.evaluate(() => localStorage.getItem('username'))).toBe('marta');
    await again.context.close();
  });
});

describe('the browser closed mid-sync, opened again on the same profile', () => {
  it.each([
    { how: 'closed by the user', forward: 'all' as const },
    { how: 'killed', forward: 'part' as const },
  ])(
    '$how during a push and uploads: the queue resumes, nothing doubled or lost',
    async ({ how, forward }) => {
      const profile = soak.newProfile();
      const { rig } = soak;
      const label = `${how} ${Date.now().toString(36)}`;
      const first = await soak.open(profile);
      await first.page.goto('/login');
      await signIn(first.page);
      await waitForServiceWorker(first.page);
      await waitForFirstSync(first.page);
      const base = await saveBase(first.page, label, 2);
      await waitForAllSent(first.page, 60_000);

      await first.context.setOffline(true);
      const work = await queueWork(first.page, base, label, {
        incidences: 5,
        incidenceEdits: 5,
        hands: 20,
        deletes: 1,
      });
      expect(work.mutations).toHaveLength(71);
      await takePhotos(first.page, { resource: 'incidence', id: base.incidence }, soak.photos);
      const queued = await deviceFiles(first.page);
      const ours = queued.filter((file) => file.parent_id === base.incidence);
      expect(ours).toHaveLength(6);

      // Every push and upload is held until the browser goes: with the server's answer ready ('all'), or
      // with half of the request sent ('part').
      const uploads = `/api/incidence/${base.incidence}/attachments/`;
      const requestsBefore = rig.proxy.requests.length;
      rig.proxy.rules.push(
        { method: 'POST', path: PUSH, action: { kind: 'hold', forward }, times: Number.POSITIVE_INFINITY },
        { method: 'POST', path: uploads, action: { kind: 'hold', forward }, times: Number.POSITIVE_INFINITY },
      );
      await first.context.setOffline(false);
      const held = (path: string) =>
        rig.proxy.requests
          .slice(requestsBefore)
          .filter((request) => request.outcome === 'held' && request.path === path);
      await until(
        async () => held(PUSH).length > 0 && held(uploads).length > 0,
        60_000,
        'a held push and upload',
      );
      expect(await outboxCount(first.page)).toBe(71);

      if (forward === 'all') await first.context.close();
      else {
        expect(killProfile(profile)).toBeGreaterThan(0);
        await first.context.close().catch(() => {});
      }
      rig.proxy.rules.length = 0;
      const heldPush = pushedIds(requestsBefore, true);
      expect(heldPush.length).toBeGreaterThan(0);

      // What the server holds now: all of the held push or none of it; the held files whole or not at all.
      const meanwhile = await appliedMutations(rig.server, work.mutations);
      expect(meanwhile.times.every((times) => times === 1)).toBe(true);
      expect(meanwhile.distinct).toBe(forward === 'all' ? heldPush.length : 0);
      const storedMeanwhile = await storedFiles(rig, [base.incidence]);
      if (forward === 'part') expect(storedMeanwhile).toEqual([]);
      else expect(storedMeanwhile.length).toBeGreaterThan(0);
      const queuedSha = new Map(ours.map((file) => [file.id, file.sha256]));
      for (const file of storedMeanwhile) expect(file.diskSha256).toBe(queuedSha.get(file.id));
      await until(
        async () => (await filesOnDisk(rig)).temp.length === 0,
        30_000,
        'the upload folder to empty',
      );

      // Opened again: still signed in, closed by the user or killed seconds after signing in (Chromium
      // writes local storage to disk late, so a kill can lose it there; the session's IndexedDB mirror,
      // on disk at sign-in, brings it back). The queue goes on by itself, nobody signs in again.
      const again = await soak.open(profile);
      await again.page.goto('/projects');
      await again.page.waitForFunction(
        () => window.__karbontrack?.ready() === true || window.location.pathname === '/login',
        undefined,
        { timeout: 30_000 },
      );
      expect(new URL(again.page.url()).pathname, 'reopened signed in').toBe('/projects');
      await waitForFirstSync(again.page);
      await syncUntilSent(again.page, 120_000);
      // The held batch went again (answered as duplicates where the server had it).
      expect(pushedIds(requestsBefore, false)).toEqual(expect.arrayContaining(heldPush));

      const applied = await appliedMutations(rig.server, work.mutations);
      expect(applied.distinct).toBe(71);
      expect(applied.times.every((times) => times === 1)).toBe(true);
      expect(applied.fromDevice).toBe(71 + base.changes);
      const stored = await storedFiles(rig, [base.incidence]);
      expect(stored.map((file) => ({ id: file.id, sha256: file.diskSha256 }))).toEqual(
        ours.map((file) => ({ id: file.id, sha256: file.sha256 })),
      );
      const after = await deviceFiles(again.page);
      expect(after.filter((file) => file.parent_id === base.incidence).map((file) => file.state)).toEqual(
        Array(6).fill('uploaded'),
      );
      const hands = await rig.server.query(
        'select id::text, description, crew_count from hand where id = any($1::uuid[])',
        [work.hands.map((hand) => hand.id)],
      );
      expect(hands.sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
        [...work.hands].sort((a, b) => a.id.localeCompare(b.id)),
      );
      await again.context.close();
    },
  );
});
