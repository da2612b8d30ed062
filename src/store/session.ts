// The signed-in session, mirrored in IndexedDB beside local storage. Chromium writes local storage to disk
// seconds late, so a tablet that dies right after sign-in can come back without it; an IndexedDB write is
// on disk when its transaction commits. The mirror holds one record: the session, or `null` once the user
// logged out or the server refused the token. That "ended" record is what keeps the mirror from bringing
// back a session that was ended (the removal from local storage may be the write a crash lost).
// Plain IndexedDB, not Dexie: this module loads with the first screen, whose code is kept small.

const SESSION_DB_NAME = 'karbontrack-session';
const STORE = 'session';
const KEY = 'current';

export interface MirroredSession<User = unknown> {
  username: string;
  token: string;
  /** The last /users/me/ answer (name, role), when known. */
  user: User | null;
}

interface SessionRecord {
  key: typeof KEY;
  session: MirroredSession | null;
  saved_at: string;
}

// 'strict': the commit waits for the disk; the mirror exists to survive a tablet that dies.
const WRITE = { durability: 'strict' } as const;

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('The session transaction was aborted'));
  });
}

/** The session mirror on one IndexedDB (the browser's by default; tests give fake-indexeddb's). */
export class SessionMirror {
  private db: Promise<IDBDatabase> | null = null;

  constructor(private readonly factory?: IDBFactory) {}

  private idb(): IDBFactory {
    const factory = this.factory ?? globalThis.indexedDB;
    if (!factory) throw new Error('IndexedDB is not available');
    return factory;
  }

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = this.idb().open(SESSION_DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
      request.onsuccess = () => {
        // Another version of the app wants the database: let it, and open again next time.
        request.result.onversionchange = () => this.close();
        resolve(request.result);
      };
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('The session database is blocked'));
    }).catch((error: unknown) => {
      this.db = null;
      throw error;
    });
    return this.db;
  }

  private async record(): Promise<SessionRecord | undefined> {
    const db = await this.open();
    return settle<SessionRecord | undefined>(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY));
  }

  /**
   * The mirrored session; null when it was ended; undefined when there is no record (never written, or
   * IndexedDB unavailable): then local storage decides.
   */
  async read(): Promise<MirroredSession | null | undefined> {
    try {
      // Anonymous visitors never had a session: do not create the database just to find it empty.
      const factory = this.idb();
      if (typeof factory.databases === 'function') {
        const names = (await factory.databases()).map((database) => database.name);
        if (!names.includes(SESSION_DB_NAME)) return undefined;
      }
      return (await this.record())?.session;
    } catch {
      return undefined;
    }
  }

  /** Keeps the session (sign-in), or records that it ended (null: logout, a refused token). */
  async write(session: MirroredSession | null): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite', WRITE);
    const record: SessionRecord = { key: KEY, session, saved_at: new Date().toISOString() };
    tx.objectStore(STORE).put(record);
    await committed(tx);
  }

  /** Removes the record: local storage alone decides again (a failed sign-in write must not leave "ended"). */
  async forget(): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite', WRITE);
    tx.objectStore(STORE).delete(KEY);
    await committed(tx);
  }

  /** Updates the cached user of the session holding `token`; never brings back an ended or other session. */
  async updateUser(token: string, user: unknown): Promise<boolean> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite', WRITE);
    const store = tx.objectStore(STORE);
    let updated = false;
    const done = committed(tx);
    const record = await settle<SessionRecord | undefined>(store.get(KEY));
    if (record?.session && record.session.token === token) {
      store.put({ ...record, session: { ...record.session, user }, saved_at: new Date().toISOString() });
      updated = true;
    }
    await done;
    return updated;
  }

  close(): void {
    const db = this.db;
    this.db = null;
    void db?.then((open) => open.close()).catch(() => {});
  }
}

export interface SessionChoice {
  /** The session to use (null: signed out). */
  session: MirroredSession | null;
  /** Local storage must be rewritten to it (it lost the session, or kept one the mirror says ended). */
  rewriteLocal: boolean;
  /** The mirror has no record yet: write the session local storage holds (an older version signed in). */
  writeMirror: boolean;
}

/**
 * Which session holds at start. The mirror wins when it has a record (it is on disk at commit; local
 * storage is written late, so a crash can leave it with an older state, either way); without a record,
 * local storage decides and the mirror is filled from it.
 */
export function chooseSession(
  local: MirroredSession | null,
  mirrored: MirroredSession | null | undefined,
): SessionChoice {
  if (mirrored === undefined) return { session: local, rewriteLocal: false, writeMirror: local !== null };
  if (mirrored === null) return { session: null, rewriteLocal: local !== null, writeMirror: false };
  if (local && local.token === mirrored.token && local.username === mirrored.username) {
    // The same session: the cached user from whichever has one.
    return {
      session: { ...local, user: local.user ?? mirrored.user },
      rewriteLocal: false,
      writeMirror: false,
    };
  }
  return { session: mirrored, rewriteLocal: true, writeMirror: false };
}

/** The browser's session mirror. */
export const sessionMirror = new SessionMirror();
