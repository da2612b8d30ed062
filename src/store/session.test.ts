// The session mirror on its own (fake) IndexedDB, and which session holds at start when local storage and
// the mirror disagree. The browser's path (a reload with local storage emptied) is in tests/e2e/session.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { chooseSession, type MirroredSession, SessionMirror } from './session';

const marta: MirroredSession = { username: 'marta', token: 'token-marta-1', user: { role: 'staff' } };
const pablo: MirroredSession = { username: 'pablo', token: 'token-pablo-1', user: null };

function mirror(factory = new IDBFactory()) {
  return { factory, mirror: new SessionMirror(factory as unknown as globalThis.IDBFactory) };
}

describe('session mirror', () => {
  it('has no record before any sign-in, and does not create its database to find that out', async () => {
    const { factory, mirror: session } = mirror();
    expect(await session.read()).toBeUndefined();
    expect(await factory.databases()).toEqual([]);
  });

  it('keeps the session, records its end, and a new instance reads what the last one wrote', async () => {
    const { factory, mirror: first } = mirror();
    await first.write(marta);
    expect(await first.read()).toEqual(marta);
    first.close();
    const second = new SessionMirror(factory as unknown as globalThis.IDBFactory);
    expect(await second.read()).toEqual(marta);
    await second.write(null);
    expect(await second.read()).toBeNull();
    await second.forget();
    expect(await second.read()).toBeUndefined();
  });

  it('updates the cached user only of the session holding the token, never an ended one', async () => {
    const { mirror: session } = mirror();
    await session.write(marta);
    expect(await session.updateUser(marta.token, { role: 'admin' })).toBe(true);
    expect(await session.read()).toEqual({ ...marta, user: { role: 'admin' } });
    expect(await session.updateUser('token-of-someone-else', { role: 'staff' })).toBe(false);
    expect(await session.read()).toEqual({ ...marta, user: { role: 'admin' } });
    await session.write(null);
    expect(await session.updateUser(marta.token, { role: 'staff' })).toBe(false);
    expect(await session.read()).toBeNull();
  });
});

describe('chooseSession at start', () => {
  it('local storage lost the session (a browser killed after sign-in): the mirror brings it back', () => {
    expect(chooseSession(null, marta)).toEqual({ session: marta, rewriteLocal: true, writeMirror: false });
  });

  it('the mirror says the session ended: it stays ended, whatever local storage kept', () => {
    expect(chooseSession(marta, null)).toEqual({ session: null, rewriteLocal: true, writeMirror: false });
    expect(chooseSession(null, null)).toEqual({ session: null, rewriteLocal: false, writeMirror: false });
  });

  it('no record yet (signed in with an older version): local storage decides and fills the mirror', () => {
    expect(chooseSession(marta, undefined)).toEqual({
      session: marta,
      rewriteLocal: false,
      writeMirror: true,
    });
    expect(chooseSession(null, undefined)).toEqual({
      session: null,
      rewriteLocal: false,
      writeMirror: false,
    });
  });

  it('two different sessions: the mirror is newer (it is on disk at commit, local storage seconds later)', () => {
    expect(chooseSession(marta, pablo)).toEqual({ session: pablo, rewriteLocal: true, writeMirror: false });
  });

  it('the same session: the cached user from whichever has one', () => {
    const bare = { ...marta, user: null };
    expect(chooseSession(bare, marta).session).toEqual(marta);
    expect(chooseSession(marta, bare).session).toEqual(marta);
  });
});
