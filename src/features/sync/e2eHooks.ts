// Test-only access for the browser tests and the benchmark: present only in builds made with
// VITE_E2E_HOOKS=1 (tests/e2e/global-setup.ts, the sync bench); the product build drops this module.
// It drives the app's own code (the local store, the file queue, the engine), never a copy of it.
import type { ResourceName } from '../../domain/registry';
import { getActiveDb, remove, save, update } from '../../store/active';
import { setKeptOffline } from '../../store/meta';
import { getFileUploader } from '../../sync/companions';
import { addFiles } from '../../sync/files/add';
import { getSyncEngine } from '../../sync/lifecycle';
import { useSyncStatus } from '../../sync/status';

function requireDb() {
  const db = getActiveDb();
  if (!db) throw new Error('No local store open');
  return db;
}

const hooks = {
  ready: () => getActiveDb() !== null,
  status: () => {
    const { storage: _storage, firstSync: _first, ...rest } = useSyncStatus.getState();
    return rest;
  },
  save: (resource: ResourceName, record: Record<string, unknown>) => save(resource, record),
  update: (resource: ResourceName, id: string, changes: Record<string, unknown>) =>
    update(resource, id, changes),
  remove: (resource: ResourceName, id: string) => remove(resource, id),
  row: (resource: ResourceName, id: string) => requireDb().rows(resource).get(id),
  list: (resource: ResourceName) => requireDb().rows(resource).toArray(),
  outboxCount: () => requireDb().outbox.count(),
  keepOffline: (projectId: string, keep = true) => setKeptOffline(requireDb(), projectId, keep),
  /** The local table's Dexie index spec, so the bench's raw IndexedDB write uses the same indexes. */
  indexes: (resource: ResourceName) =>
    requireDb()
      .rows(resource)
      .schema.indexes.map((index) => ({ name: index.name, keyPath: index.keyPath, multiEntry: index.multi })),
  files: async () =>
    (await requireDb().blobs.toArray()).map(({ blob: _blob, ...rest }) => ({ ...rest, type: _blob.type })),
  syncNow: async () => {
    await Promise.all([
      getSyncEngine()?.syncNow(),
      getFileUploader().then((uploader) => uploader?.retryNow()),
    ]);
  },
  /** A file input that adds what is chosen to a record, as the gallery screen does. */
  photoInput: (resource: ResourceName, id: string, isImage = true) => {
    document.querySelector('[data-testid="e2e-file-input"]')?.remove();
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.accept = isImage ? 'image/*' : '*/*';
    input.dataset.testid = 'e2e-file-input';
    input.style.position = 'fixed';
    input.style.left = '-1000px';
    input.addEventListener('change', () => {
      const files = [...(input.files ?? [])];
      input.dataset.state = 'adding';
      void addFiles({ resource, id }, files, { isImage, zone: isImage ? 'uncategorized' : null }).then(
        () => {
          input.dataset.state = 'added';
        },
        (error: unknown) => {
          input.dataset.state = `error: ${error instanceof Error ? error.message : String(error)}`;
        },
      );
    });
    document.body.append(input);
  },
};

export type E2eHooks = typeof hooks;

declare global {
  interface Window {
    __karbontrack?: E2eHooks;
  }
}

export function installE2eHooks(): void {
  window.__karbontrack = hooks;
}
