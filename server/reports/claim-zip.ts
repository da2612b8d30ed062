// The claim bundle's ZIP, streamed as it is made: index.pdf and the manifests first, then each file as
// stored, read from the store (disk or bucket) one at a time when the archive reaches it and hashed once
// more on the way: bytes changed since they were listed stop the download rather than pass unflagged.
import type { ZipArchive } from 'archiver';
import { type FileStore, fileKey } from '../files/store.js';
import { checkedBytes } from '../files/verify.js';
import type { ClaimFile, ClaimRecord } from './claim-data.js';
import type { ManifestRow } from './claim-manifest.js';
import { fileSlug } from './format.js';

/** Store reads at once while hashing (a bucket answers each in a round trip). */
const AT_ONCE = 4;
/** Types already compressed: stored as they are. */
const COMPRESSED = /^(image\/(jpeg|png|webp|gif|avif|heic)|video\/|audio\/|application\/(zip|gzip|pdf))/;

/** `run` over `items`, AT_ONCE at a time, the results in the items' order. */
export async function inTurns<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) out[index] = await run(items[index] as T);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return out;
}

/** `files/01_incidence_dented_coil/`, `files/02_packing-list_C4711/`, `files/01_project/`. */
export function folderOf(record: ClaimRecord, index: number): string {
  const number = String(index + 1).padStart(2, '0');
  if (record.resource === 'project') return `files/${number}_project`;
  return `files/${number}_${record.resource}_${fileSlug(record.label).slice(0, 40) || record.id.slice(0, 8)}`;
}

/** The ZIP of the files of `entries` (those the store holds), after `head` (index.pdf, the manifests). */
export async function zipOf(
  store: FileStore,
  head: { name: string; bytes: Buffer }[],
  entries: { row: ManifestRow; file: ClaimFile }[],
  comment: string,
  onError: (error: Error) => void,
): Promise<ZipArchive> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 }, forceLocalTime: false, comment });
  for (const item of head) archive.append(item.bytes, { name: item.name });
  let index = 0;
  // One file at a time: appending all at once would open every file (every bucket request) together.
  const appendNext = async () => {
    const entry = entries[index++];
    if (!entry) return void archive.finalize().catch(() => {});
    const { row, file } = entry;
    const key = fileKey(file.id);
    const source = await store.read(key);
    if (!source || !row.path) return archive.destroy(new Error(`${key} left the file store while zipping`));
    // The bytes hashed a moment ago: a change since stops the download.
    archive.append(checkedBytes(source, key, row.stored_sha256), {
      name: row.path,
      store: COMPRESSED.test(file.content_type),
      date: new Date(file.created_at),
    });
  };
  let appended = head.length;
  archive.on('entry', () => {
    appended--;
    if (appended <= 0) appendNext().catch((error: Error) => archive.destroy(error));
  });
  archive.on('error', (error) => {
    onError(error);
    archive.destroy(error);
  });
  if (head.length === 0) await appendNext();
  return archive;
}
