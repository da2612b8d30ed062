// What a backup archive holds, said by its manifest.json (the archive's last entry: an archive cut
// short has none and is refused). Every other entry is listed with its size and SHA-256, so a restore
// checks the whole archive before it changes anything.
import { readdirSync } from 'node:fs';
import { z } from 'zod';
import { migrationsDir } from '../db/migrate.js';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'karbontrack-backup';
/** The embedded database's files, under this folder of the archive (as under DATA_DIR/pgdata). */
export const PGDATA_PREFIX = 'database/pgdata/';
/** PostgreSQL's dump (pg_dump's custom format). */
export const POSTGRES_DUMP = 'database/postgres.dump';
/** Files and photos, under this folder, by their file store key. */
export const FILES_PREFIX = 'files/';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const entry = z.object({ name: z.string().min(1), size: z.number().int().min(0), sha256 });
export type ManifestEntry = z.infer<typeof entry>;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  created_at: z.string(),
  app_version: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** The migrations applied to the database when it was copied: a later release applies the rest. */
  migrations: z.array(z.string()),
  /** The database's part: the files of DATA_DIR/pgdata, or the one PostgreSQL dump. */
  database: z.array(entry),
  /** The embedded database's folders under DATA_DIR/pgdata, empty ones included (none for PostgreSQL). */
  database_folders: z.array(z.string().min(1)),
  /** Every stored file: `name` is its key in the file store. */
  files: z.array(entry),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** This release's migrations, by name. */
export function knownMigrations(): string[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort();
}

/** A refusal with a message for people (the CLI prints it and exits with 1). */
export class BackupError extends Error {
  override name = 'BackupError';
}
