// How a failed push or pull is shown: a kind the panel translates, and plain words for details.
import { SyncHttpError, SyncNetworkError } from '../api/sync';
import { APP_OUTDATED } from '../domain/data-version';
import type { SyncStatus } from './status';

/** The server runs a release whose records differ from this app's: reload (nothing of it was done). */
export function isAppOutdated(error: unknown): boolean {
  return (
    error instanceof SyncHttpError &&
    error.status === 409 &&
    (error.body as { code?: unknown } | undefined)?.code === APP_OUTDATED
  );
}

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
