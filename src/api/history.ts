// A record's history from the server's audit log: who changed which field from what to what, and when.
import type { HistoryEntry } from '../domain/history';
import type { ResourceName } from '../domain/registry';
import { api } from './client';

export const fetchHistory = (resource: ResourceName, id: string) =>
  api.get(`${resource}/${id}/history/`).json<{ results: HistoryEntry[] }>();
