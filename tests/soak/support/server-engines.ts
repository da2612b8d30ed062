// Where a soak test's server keeps its data: PGlite in a folder on disk, or a fresh database on a
// PostgreSQL cluster the test owns. Without PostgreSQL binaries the PostgreSQL runs skip locally and
// fail in CI (CI=true), where .ci/run provides them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../../../server/testing';
import { type Cluster, postgresMissing, startCluster } from './server-postgres';

export type Engine = 'pglite' | 'postgres';

export interface Storage {
  engine: Engine;
  dir: string;
  dataDir: string;
  databaseUrl?: string;
  cluster?: Cluster;
  remove(): Promise<void>;
}

export const ENGINES: Engine[] = ['pglite', 'postgres'];

/** Why this engine cannot run here (the test is skipped), or undefined. In CI, never a reason: it fails. */
export function skipReason(engine: Engine): string | undefined {
  if (engine !== 'postgres' || process.env.CI === 'true') return undefined;
  const missing = postgresMissing();
  if (missing) console.warn(`Skipping the PostgreSQL soak tests: ${missing}`);
  return missing;
}

export async function makeStorage(engine: Engine): Promise<Storage> {
  const dir = mkdtempSync(join(tmpdir(), `kt-soak-${engine}-`));
  const dataDir = join(dir, 'data');
  if (engine === 'pglite')
    return { engine, dir, dataDir, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  const cluster = await startCluster();
  const database = await createTestDatabase(cluster.url);
  return {
    engine,
    dir,
    dataDir,
    databaseUrl: database.url,
    cluster,
    async remove() {
      await cluster.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
