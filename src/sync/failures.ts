// How a failed push or pull is shown: a kind the panel translates, and plain words for details.
import { SyncHttpError, SyncNetworkError } from '../api/sync';
import type { SyncStatus } from './status';

export function failureKind(error: unknown): SyncStatus['lastErrorKind'] {
  if (error instanceof SyncNetworkError) return 'network';
  if (!(error instanceof SyncHttpError)) return 'other';
  if (error.status === 401) return 'unauthorized';
  return error.status === 429 || error.status >= 500 ? 'server' : 'http';
}

export function failureWords(error: unknown): string {
  if (error instanceof SyncHttpError) return `HTTP ${error.status}`;
  if (error instanceof SyncNetworkError) return 'No connection to the server';
  return error instanceof Error ? error.message : String(error);
}
