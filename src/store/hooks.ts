// React hooks over the signed-in user's local store (useLiveQuery: they re-render when the data changes,
// whoever wrote it: a save, a pull, another tab). `undefined` means still loading.

import { useLiveQuery } from 'dexie-react-hooks';
import type { DependencyList } from 'react';
import { useRef, useSyncExternalStore } from 'react';
import type { ResourceName } from '../domain/registry';
import { getActiveDb, subscribeActiveStore } from './active';
import type { LocalDb } from './db';
import {
  type AttentionItem,
  countList,
  type ListQuery,
  needsAttention,
  type PendingState,
  pendingState,
  readList,
  readRecord,
} from './queries';
import type { OutboxEntry, RowsOf } from './schema';

/** The open local store, or null when nobody is signed in. */
export function useLocalDb(): LocalDb | null {
  return useSyncExternalStore(subscribeActiveStore, getActiveDb, () => null);
}

/**
 * One page of a list, live: the page on screen stays there while the next one is read, and comes with
 * the page number it was read for, so a pager never names rows that are not shown yet.
 */
export function useLivePage<T>(
  read: (db: LocalDb) => Promise<T>,
  page: number,
  deps: DependencyList,
): { value: T; page: number } | undefined {
  const db = useLocalDb();
  const last = useRef<{ value: T; page: number } | undefined>(undefined);
  const result = useLiveQuery(
    async () => (db ? { value: await read(db), page } : undefined),
    [db, page, ...deps],
  );
  if (result) last.current = result;
  return last.current;
}

function useLocal<T>(read: (db: LocalDb) => Promise<T>, deps: DependencyList): T | undefined {
  const db = useLocalDb();
  return useLiveQuery(() => (db ? read(db) : undefined), [db, ...deps]);
}

/** One record; null when it does not exist here. */
export function useRecord<N extends ResourceName>(
  resource: N,
  id: string | null | undefined,
): RowsOf<N> | null | undefined {
  return useLocal((db) => (id ? readRecord(db, resource, id) : Promise.resolve(null)), [resource, id]);
}

/**
 * Rows of a resource: all of them, or what `query` selects, e.g.
 * `useList('packing-list', (t) => t.where('[project+reference]').between([p, ''], [p, '\uffff']).limit(10), [p])`.
 * Every row carries its sync mark (`rowState(row)`).
 */
export function useList<N extends ResourceName>(
  resource: N,
  query?: ListQuery<N>,
  deps: DependencyList = [],
): RowsOf<N>[] | undefined {
  return useLocal((db) => readList(db, resource, query), [resource, ...deps]);
}

export function useCount<N extends ResourceName>(
  resource: N,
  query?: ListQuery<N>,
  deps: DependencyList = [],
): number | undefined {
  return useLocal((db) => countList(db, resource, query), [resource, ...deps]);
}

/** 'pending', 'needs_attention' or 'synced' for one record. */
export function usePendingState(
  resource: ResourceName,
  id: string | null | undefined,
): PendingState | undefined {
  return useLocal(
    (db) => (id ? pendingState(db, resource, id) : Promise.resolve('synced' as const)),
    [resource, id],
  );
}

/** The "Needs attention" panel's items: refused changes with the user's data and the server's words. */
export function useNeedsAttention(): AttentionItem[] | undefined {
  return useLocal((db) => needsAttention(db), []);
}

/** The server's refusal of a record's latest change, while it waits in "Needs attention"; else null. */
export function useRefusal(resource: ResourceName, id: string | null): OutboxEntry | null | undefined {
  return useLocal(
    async (db) =>
      id
        ? ((await db.outbox
            .where('[resource+record_id]')
            .equals([resource, id])
            .filter((entry) => entry.state === 'needs_attention' && entry.outcome === 'rejected')
            .last()) ?? null)
        : null,
    [resource, id],
  );
}
