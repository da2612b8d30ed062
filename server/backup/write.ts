// Writes one backup archive (a ZIP) to a stream: the database's part first (a copy at one moment),
// then every stored file, then manifest.json listing each entry's size and SHA-256 and the migrations.
// Files are read once, hashed as they go into the archive, one at a time (a bucket is never asked for
// all of them at once). A file whose record is deleted meanwhile is still there: its bytes outlive the
// record by DELETED_FILES_KEEP_HOURS (a file gone anyway is left out); a file uploaded meanwhile is in
// the archive without its record, unused.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { ZipArchive } from 'archiver';
import type { Database } from '../db/database.js';
import type { FileStore } from '../files/store.js';
import { copyDatabase } from './database-part.js';
import { FILES_PREFIX, FORMAT, MANIFEST, type Manifest, type ManifestEntry } from './manifest.js';

export interface BackupSource {
  database: Database;
  store: FileStore;
  /** A folder on local disk for the database's copy (DATA_DIR/tmp), removed after. */
  scratchDir: string;
  databaseUrl?: string;
  postgresBinDir?: string;
  appVersion: string;
}

/** Already compressed: stored as they are rather than deflated again. */
const COMPRESSED = /\.(jpe?g|png|webp|gif|heic|pdf|zip|xlsx|docx|gz|mp4)$/i;

/** Appends one entry and resolves once the archive has taken all of it, with its size and hash. */
async function appendHashed(archive: ZipArchive, name: string, source: Readable): Promise<ManifestEntry> {
  const hash = createHash('sha256');
  let size = 0;
  const counted = new PassThrough();
  counted.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
  });
  source.on('error', (error) => counted.destroy(error));
  source.pipe(counted);
  const taken = once(archive, 'entry');
  archive.append(counted, { name, store: COMPRESSED.test(name) });
  await taken;
  return { name, size, sha256: hash.digest('hex') };
}

/** Writes the archive to `out` and resolves with its manifest once `out` has all of it. */
export async function writeBackup(source: BackupSource, out: Writable): Promise<Manifest> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 }, forceLocalTime: false });
  const failed = new Promise<never>((_, reject) => {
    archive.on('error', reject);
    archive.on('warning', reject);
    out.on('error', reject);
  });
  const finished = new Promise<void>((resolve) => out.on('finish', resolve));
  archive.pipe(out);
  await mkdir(source.scratchDir, { recursive: true });
  const scratch = await mkdtemp(join(source.scratchDir, 'backup-'));
  const work = async () => {
    const part = await copyDatabase(source.database, scratch, {
      databaseUrl: source.databaseUrl,
      binDir: source.postgresBinDir,
    });
    const database: ManifestEntry[] = [];
    for (const entry of part.entries)
      database.push(await appendHashed(archive, entry.name, createReadStream(entry.path)));
    await rm(scratch, { recursive: true, force: true });
    const keys: string[] = [];
    for await (const item of source.store.list()) keys.push(item.key);
    keys.sort();
    const files: ManifestEntry[] = [];
    for (const key of keys) {
      const body = await source.store.read(key);
      if (!body) continue;
      const entry = await appendHashed(archive, `${FILES_PREFIX}${key}`, body);
      files.push({ ...entry, name: key });
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      created_at: new Date().toISOString(),
      app_version: source.appVersion,
      engine: source.database.engine,
      migrations: part.migrations,
      database,
      database_folders: part.folders,
      files,
    };
    archive.append(`${JSON.stringify(manifest, null, 1)}\n`, { name: MANIFEST });
    await archive.finalize();
    await finished;
    return manifest;
  };
  try {
    return await Promise.race([work(), failed]);
  } catch (error) {
    archive.abort();
    out.destroy(error as Error);
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
