// Reads a backup archive: its manifest first, then every entry checked against it (size and
// SHA-256, nothing missing, nothing else, no name climbing out of its folder) before a restore
// changes anything; then the same entries handed out one at a time to be restored.

import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { currentMigrationName } from '../db/renamed-migrations.js';
import { checkKey } from '../files/store.js';
import {
  BackupError,
  FILES_PREFIX,
  knownMigrations,
  MANIFEST,
  type Manifest,
  manifestSchema,
  PGDATA_PREFIX,
  POSTGRES_DUMP,
} from './manifest.js';

const MAX_MANIFEST = 256 * 1024 * 1024;

const foreign = (file: string, why: string) =>
  new BackupError(`${file} is not a karbontrack backup (${why}); nothing was changed.`);
const corrupt = (file: string, why: string) =>
  new BackupError(`${file} is damaged: ${why}. Nothing was changed; use another backup.`);

async function openZip(file: string): Promise<yauzl.ZipFile> {
  const { default: yauzl } = await import('yauzl');
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, autoClose: false }, (error, zip) => {
      if (!error) return resolve(zip);
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      reject(missing ? new BackupError(`${file} does not exist.`) : foreign(file, 'not a ZIP archive'));
    }),
  );
}

/** Calls `visit` for each entry in archive order, with a stream of its bytes. */
async function eachEntry(
  zip: yauzl.ZipFile,
  visit: (entry: yauzl.Entry, open: () => Promise<Readable>) => Promise<void>,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      const open = () =>
        new Promise<Readable>((done, fail) =>
          zip.openReadStream(entry, (error, stream) => (error ? fail(error) : done(stream))),
        );
      visit(entry, open).then(() => zip.readEntry(), reject);
    });
    zip.readEntry();
  });
}

async function readManifest(file: string, zip: yauzl.ZipFile): Promise<Manifest> {
  let text: string | undefined;
  await eachEntry(zip, async (entry, open) => {
    if (entry.fileName !== MANIFEST) return;
    if (entry.uncompressedSize > MAX_MANIFEST) throw foreign(file, 'its manifest.json is too large');
    const chunks: Buffer[] = [];
    for await (const chunk of await open()) chunks.push(chunk as Buffer);
    text = Buffer.concat(chunks).toString('utf8');
  });
  if (text === undefined) throw foreign(file, 'no manifest.json: another kind of ZIP, or one cut short');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw foreign(file, 'its manifest.json is not JSON');
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success)
    throw foreign(file, `its manifest.json is not one of ours: ${manifest.error.issues[0]?.message}`);
  return manifest.data;
}

/** A relative path that names no parent nor itself (cannot climb out of DATA_DIR/pgdata). */
const staysInside = (path: string) =>
  path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

/** Where an archive entry goes: a database file, the dump, or a stored file's key. */
function archiveNames(manifest: Manifest): Map<string, { size: number; sha256: string }> {
  const names = new Map<string, { size: number; sha256: string }>();
  for (const entry of manifest.database) {
    const inside = entry.name.startsWith(PGDATA_PREFIX) ? entry.name.slice(PGDATA_PREFIX.length) : null;
    const fits =
      manifest.engine === 'pglite' ? inside !== null && staysInside(inside) : entry.name === POSTGRES_DUMP;
    if (!fits) throw new BackupError(`manifest.json names an unexpected database entry: ${entry.name}`);
    names.set(entry.name, entry);
  }
  const folder = manifest.database_folders.find((name) => manifest.engine !== 'pglite' || !staysInside(name));
  if (folder !== undefined)
    throw new BackupError(`manifest.json names an unexpected database folder: ${folder}`);
  for (const entry of manifest.files) names.set(`${FILES_PREFIX}${checkKey(entry.name)}`, entry);
  return names;
}

export interface OpenedBackup {
  manifest: Manifest;
  /** Each entry of the manifest in archive order, already verified, with its bytes. */
  entries(visit: (name: string, body: Readable) => Promise<void>): Promise<void>;
  close(): void;
}

/**
 * Opens an archive and checks all of it: a file that is not ours, cut short, altered, or made by a
 * newer release (migrations this one does not know) is refused here, before anything is touched.
 */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const zip = await openZip(file);
  try {
    const manifest = await readManifest(file, zip);
    const known = new Set(knownMigrations());
    // A backup made before a migration was renamed lists its old name (../db/renamed-migrations.ts).
    const newer = manifest.migrations.filter((name) => !known.has(currentMigrationName(name)));
    if (newer.length > 0)
      throw new BackupError(
        `${file} was made by a newer release of karbontrack (its database has migration ${newer[0]}, ` +
          'unknown here): restore it with that release or a later one. Nothing was changed.',
      );
    let names: Map<string, { size: number; sha256: string }>;
    try {
      names = archiveNames(manifest);
    } catch (error) {
      throw foreign(file, (error as Error).message);
    }
    const seen = new Set<string>();
    const again = await openZip(file);
    try {
      await eachEntry(again, async (entry, open) => {
        if (entry.fileName === MANIFEST) return;
        const expected = names.get(entry.fileName);
        if (!expected) throw corrupt(file, `${entry.fileName} is not in its manifest`);
        if (seen.has(entry.fileName)) throw corrupt(file, `${entry.fileName} is in it twice`);
        seen.add(entry.fileName);
        const hash = createHash('sha256');
        let size = 0;
        try {
          for await (const chunk of await open()) {
            hash.update(chunk as Buffer);
            size += (chunk as Buffer).length;
          }
        } catch (error) {
          throw corrupt(file, `${entry.fileName} cannot be read (${(error as Error).message})`);
        }
        if (size !== expected.size || hash.digest('hex') !== expected.sha256)
          throw corrupt(file, `${entry.fileName} does not match its checksum`);
      });
    } catch (error) {
      throw error instanceof BackupError ? error : corrupt(file, (error as Error).message);
    } finally {
      again.close();
    }
    const absent = [...names.keys()].find((name) => !seen.has(name));
    if (absent) throw corrupt(file, `${absent} is missing`);
    return {
      manifest,
      async entries(visit) {
        const reading = await openZip(file);
        try {
          await eachEntry(reading, async (entry, open) => {
            if (entry.fileName !== MANIFEST) await visit(entry.fileName, await open());
          });
        } finally {
          reading.close();
        }
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
