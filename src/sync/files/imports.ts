// Packing-list files chosen while offline: kept on the device as Blobs with their own queue state and
// sent when the connection returns (after the next sync round, or the browser's 'online'); the items
// then arrive with the pull. The queue runs from sign-in to sign-out beside the sync engine
// (../companions.ts), so a file queued in an earlier session goes without its project being opened. Their own small IndexedDB per user: the records' store schema is the sync
// engine's, and an import file is not a record. Each file's id is its Idempotency-Key, so a repeat
// after a lost answer never imports twice.
import { Dexie, type Table } from 'dexie';
import { isOnline } from '../../api/http';
import { type ImportOutcome, importPackingList, importRefusal } from '../../api/import';
import { uuidv7 } from '../../domain/ids';
import type { ImportRefusal } from '../../domain/import-wire';
import { getActiveStore } from '../../store/active';
import { syncNow } from '../running';
import { useSyncStatus } from '../status';

/** 'imported': kept only to tell the user of columns the server did not read (outcome), until dismissed. */
type ImportState = 'pending' | 'uploading' | 'failed' | 'imported';

/**
 * A file waiting to import, and the server's refusal of it when refused: an ImportRefusal, its lines
 * (`file`) stored as `errors` (the name entries have had from the first release; empty while waiting),
 * its problems by row and column beside them (absent from a file refused before they were answered).
 */
export interface QueuedImport extends Omit<ImportRefusal, 'file'> {
  id: string;
  project: string;
  name: string;
  blob: Blob;
  state: ImportState;
  errors: ImportRefusal['file'];
  /** The server's answer, kept when it names columns it did not read. */
  outcome?: ImportOutcome;
  created_at: string;
}

/** The refusal a refused entry keeps, as the import screen shows it. */
export const refusalOf = ({ errors, problems, unlisted }: QueuedImport): ImportRefusal => ({
  file: errors,
  problems,
  unlisted,
});

class ImportDb extends Dexie {
  imports!: Table<QueuedImport, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ imports: 'id, project' });
  }
}

let open: { userId: string; db: ImportDb } | null = null;

/** The signed-in user's import queue; null when nobody is signed in. */
export function importDb(userId = getActiveStore()?.userId): ImportDb | null {
  if (!userId) return null;
  if (open?.userId !== userId) {
    open?.db.close();
    open = { userId, db: new ImportDb(`karbontrack-imports-${userId}`) };
  }
  return open.db;
}

export async function queueImport(project: string, file: File): Promise<QueuedImport> {
  const db = importDb();
  if (!db) throw new Error('Nobody is signed in.');
  const entry: QueuedImport = {
    id: uuidv7(),
    project,
    name: file.name,
    blob: file,
    state: 'pending',
    errors: [],
    created_at: new Date().toISOString(),
  };
  await db.imports.add(entry);
  return entry;
}

export type SendResult =
  | { kind: 'imported'; outcome: ImportOutcome }
  | { kind: 'refused'; refusal: ImportRefusal }
  | { kind: 'later' };

/** Sends a file now: imported, refused with the server's lines, or 'later' (no connection, server away). */
export async function sendImport(
  project: string,
  file: Blob,
  name: string,
  key: string,
): Promise<SendResult> {
  try {
    return { kind: 'imported', outcome: await importPackingList(project, file, name, key) };
  } catch (error) {
    const refusal = await importRefusal(error);
    return refusal ? { kind: 'refused', refusal } : { kind: 'later' };
  }
}

let running = false;

/** Sends every waiting file of the signed-in user once; refused ones wait with their errors. */
async function runImportQueue(userId?: string): Promise<number> {
  const db = importDb(userId);
  if (!db || running || !isOnline()) return 0;
  running = true;
  let imported = 0;
  try {
    for (const entry of await db.imports.where('id').above('').toArray()) {
      if (entry.state === 'failed' || entry.state === 'imported') continue;
      await db.imports.update(entry.id, { state: 'uploading' });
      const result = await sendImport(entry.project, entry.blob, entry.name, entry.id);
      if (result.kind === 'imported') {
        // Columns left unread are told to the user (QueuedImports) as in the online dialog; the file goes.
        if (result.outcome.ignored_columns?.length)
          await db.imports.update(entry.id, {
            state: 'imported',
            outcome: result.outcome,
            blob: new Blob([]),
          });
        else await db.imports.delete(entry.id);
        imported += 1;
      } else if (result.kind === 'refused')
        await db.imports.update(entry.id, {
          state: 'failed',
          errors: result.refusal.file,
          problems: result.refusal.problems,
          unlisted: result.refusal.unlisted,
        });
      else {
        await db.imports.update(entry.id, { state: 'pending' });
        break;
      }
    }
  } finally {
    running = false;
  }
  // The items are on the server now: bring them here.
  if (imported > 0) void syncNow().catch(() => {});
  return imported;
}

/**
 * Sign-in: sends waiting files now, after each sync round that ends online in the leading tab, and when
 * the browser is back online. Returns the sign-out's stop.
 */
export function startImportQueue(userId: string): () => void {
  if (typeof window === 'undefined') return () => {};
  const kick = () => void runImportQueue(userId).catch(() => {});
  window.addEventListener('online', kick);
  const unsubscribe = useSyncStatus.subscribe((status, previous) => {
    if (previous.phase !== 'idle' && status.phase === 'idle' && status.leader) kick();
  });
  kick();
  return () => {
    window.removeEventListener('online', kick);
    unsubscribe();
    if (open?.userId === userId) {
      open.db.close();
      open = null;
    }
  };
}
