// "Download all": a ZIP of every attachment of a record, streamed as it is made (entries are read
// from disk one at a time; nothing is held whole in memory), with the original names made unique.
import type { ZipArchive, ZipEntryData } from 'archiver';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { uniqueNames } from '../../files/names.js';
import type { FileStore } from '../../files/store.js';
import type { StoredAttachment } from './repository.js';

/** Types already compressed: stored as they are (deflating a JPEG again costs time and gains nothing). */
const COMPRESSED =
  /^(image\/(jpeg|png|webp|gif|avif|heic)|video\/|audio\/|application\/(zip|gzip|x-7z|x-rar|pdf|vnd\.openxmlformats))/;

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
  for (const row of rows) {
    const entry: ZipEntryData = { name: unique(row.name), store: COMPRESSED.test(row.content_type) };
    archive.file(store.fileOf(row.id), entry);
  }
  archive.on('warning', (error) => request.log.warn({ err: error }, 'zip entry skipped'));
  archive.on('error', (error) => {
    request.log.error({ err: error }, 'zip failed');
    archive.destroy(error);
  });
  // A client that goes away stops the work.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) archive.abort();
  });
  void archive.finalize().catch(() => {});
  return archive;
}
