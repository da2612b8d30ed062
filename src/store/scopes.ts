// Which scopes this device keeps (global; each project in progress or kept offline by the user), and
// removing a scope's rows without ever losing a record that has unsent changes.
import { catalogue, globalResources, projectResources } from '../domain/catalogue';
import type { ResourceName } from '../domain/registry';
import { entriesByRecord } from './apply';
import type { LocalDb } from './db';
import { deleteCursor, getKeptOffline, type Scope } from './meta';
import { serverKey } from './schema';

export const GLOBAL_SCOPE = 'global';
export const projectScope = (projectId: string): Scope => `project:${projectId}`;

function projectOfScope(scope: Scope): string | null {
  return scope.startsWith('project:') ? scope.slice('project:'.length) : null;
}

/** The project status meaning "keep on every device" (product-decisions.md: planned, in progress...). */
const IN_PROGRESS = 'in progress';

/** Global, plus every project in progress and every project the user keeps offline (and still exists). */
export async function desiredScopes(db: LocalDb): Promise<Scope[]> {
  const statuses = await db.rows('project-status').toArray();
  const inProgress = new Set(
    statuses
      .filter(
        (row) =>
          String(row.name ?? '')
            .trim()
            .toLowerCase() === IN_PROGRESS,
      )
      .map((row) => row.id),
  );
  const kept = new Set(await getKeptOffline(db));
  const projects = await db.rows('project').toArray();
  const ids = projects
    .filter((row) => (typeof row.status === 'string' && inProgress.has(row.status)) || kept.has(row.id))
    .map((row) => row.id);
  return [GLOBAL_SCOPE, ...ids.sort().map(projectScope)];
}

/**
 * The project scopes this device holds rows of, cursor or not: a project created here and deleted before
 * any pull never had one, and the rows of its children kept for their pending changes must still go
 * once sent (the server deleted them with the project).
 */
export async function heldProjectScopes(db: LocalDb): Promise<Scope[]> {
  const projects = new Set<string>();
  for (const name of projectResources) {
    const resource = catalogue.resources[name];
    const field = resource.projectField ?? 'project';
    const table = db.rows(name);
    const keys = resource.dexieIndexes.includes(field)
      ? await table.orderBy(field).uniqueKeys()
      : (await table.toArray()).map((row) => row[field]);
    for (const key of keys) if (typeof key === 'string') projects.add(key);
  }
  return [...projects].map(projectScope);
}

function resourcesOf(scope: Scope): readonly ResourceName[] {
  return projectOfScope(scope) ? projectResources : globalResources;
}

/** Primary keys of the local rows belonging to a scope. */
async function keysOf(db: LocalDb, name: ResourceName, projectId: string | null): Promise<string[]> {
  const table = db.rows(name);
  if (!projectId) return (await table.toCollection().primaryKeys()) as string[];
  const { projectField, dexieIndexes } = catalogue.resources[name];
  const field = projectField ?? 'project';
  const indexed = dexieIndexes.includes(field);
  const collection = indexed
    ? table.where(field).equals(projectId)
    : table.filter((row) => row[field] === projectId);
  return (await collection.primaryKeys()) as string[];
}

/**
 * Deletes the scope's rows except those with outbox entries (and, with `keep`, those the current download
 * saw). Drop: `keep` null and the cursor goes too; sweep after a reset: `keep` is what the reset received.
 */
async function clearScope(db: LocalDb, scope: Scope, keep: Set<string> | null): Promise<number> {
  const projectId = projectOfScope(scope);
  const names = resourcesOf(scope);
  let removed = 0;
  await db.transaction('rw', [...names.map((name) => db.rows(name)), db.outbox, db.meta], async () => {
    const pending = await entriesByRecord(db);
    for (const name of names) {
      const keys = await keysOf(db, name, projectId);
      const doomed = keys.filter((id) => {
        const key = serverKey(name, id);
        return !pending.has(key) && !keep?.has(key);
      });
      await db.rows(name).bulkDelete(doomed);
      removed += doomed.length;
    }
    if (!keep) await deleteCursor(db, scope);
  });
  return removed;
}

/** Stops keeping a scope: its rows go, but never a row with pending mutations. */
export const dropScope = (db: LocalDb, scope: Scope) => clearScope(db, scope, null);

/** After a reset download: removes the rows the server no longer has (not seen, nothing pending). */
export const sweepScope = (db: LocalDb, scope: Scope, seen: Set<string>) => clearScope(db, scope, seen);
