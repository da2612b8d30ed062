// "Download all": a ZIP of every attachment of a record, streamed as it is made (each entry is read
// from the store, disk or bucket, when the archive reaches it; nothing is held whole in memory),
// with the original names made unique.
import { PassThrough, type Readable } from 'node:stream';
import type { ZipArchive, ZipEntryData } from 'archiver';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uniqueNames } from '../../files/names.js';
import { type FileStore, fileKey } from '../../files/store.js';
import type { StoredAttachment } from './repository.js';

/** Types already compressed: stored as they are (deflating a JPEG again costs time and gains nothing). */
const COMPRESSED =
  /^(image\/(jpeg|png|webp|gif|avif|heic)|video\/|audio\/|application\/(zip|gzip|x-7z|x-rar|pdf|vnd\.openxmlformats))/;

/** Store requests at once while checking which files are there (a bucket answers each in a round trip). */
const CHECKS_AT_ONCE = 8;

/** The rows whose file the store holds (one missing is left out of the ZIP, not a failed download). */
export async function storedOnly(store: FileStore, rows: StoredAttachment[]): Promise<StoredAttachment[]> {
  const held: boolean[] = new Array(rows.length).fill(false);
  let next = 0;
  const check = async () => {
    for (let index = next++; index < rows.length; index = next++) {
      const row = rows[index];
      if (row) held[index] = (await store.size(fileKey(row.id))) !== null;
    }
  };
  await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, check));
  return rows.filter((_row, index) => held[index]);
}

/** The store's bytes under `key`, through a stream given at once (the store answers later). */
function fromStore(store: FileStore, key: string): Readable {
  const out = new PassThrough();
  store.read(key).then(
    (source) => {
      if (!source) out.destroy(new Error(`${key} is missing from the file store`));
      else source.on('error', (error) => out.destroy(error)).pipe(out);
    },
    (error: unknown) => out.destroy(error as Error),
  );
  return out;
}

export async function zipOf(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  rows: StoredAttachment[],
): Promise<ZipArchive> {
  // Loaded on first use (memory of an idle server).
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 }, forceLocalTime: false });
  const unique = uniqueNames();
  // One entry at a time: the archive takes a stream as soon as it is appended, so appending all at
  // once would open every file (every request to a bucket) together.
  let index = 0;
  const appendNext = () => {
    const row = rows[index++];
    if (!row) {
      void archive.finalize().catch(() => {});
      return;
    }
    const entry: ZipEntryData = { name: unique(row.name), store: COMPRESSED.test(row.content_type) };
    archive.append(fromStore(store, fileKey(row.id)), entry);
  };
  archive.on('entry', appendNext);
  archive.on('warning', (error) => request.log.warn({ err: error }, 'zip entry skipped'));
  archive.on('error', (error) => {
    request.log.error({ err: error }, 'zip failed');
    archive.destroy(error);
  });
  // A client that goes away stops the work.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) archive.abort();
  });
  appendNext();
  return archive;
}
