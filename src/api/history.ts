// A record's history from the server's audit log: who changed which field from what to what, and when.
import type { ResourceName } from '../domain/registry';
import { api } from './client';

export interface HistoryEntry {
  action: 'create' | 'update' | 'delete';
  version: number;
  changes: Record<string, { from: unknown; to: unknown }>;
  user: { id: string; username: string; first_name: string; last_name: string } | null;
  client_id: string | null;
  occurred_at: string | null;
  /** When the server recorded it. */
  at: string;
  /** Why an entry is special: 'merge', 'superseded by a later change'... */
  note: string | null;
}

export const fetchHistory = (resource: ResourceName, id: string) =>
  api.get(`${resource}/${id}/history/`).json<{ results: HistoryEntry[] }>();
