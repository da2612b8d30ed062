// One file's upload: multipart to POST /api/<parent resource>/<parent id>/attachments/ with the file's own
// id and an Idempotency-Key, so a retry after a lost answer gets the stored attachment, never a second one.
import { storedLanguage } from '../../store/language';
import type { BlobEntry } from '../../store/schema';

export interface UploadTarget {
  /** Server origin; default this page's (or the service worker's). */
  baseUrl?: string;
  /** The current token, read at each upload. */
  token: () => string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type UploadOutcome =
  | { kind: 'uploaded'; row: Record<string, unknown> }
  /**
   * Try again later: no connection, time-out, 429, 5xx (`server`: the whole queue waits, this long at
   * least when the server said so in Retry-After), or the parent not on the server yet (404: this file).
   */
  | { kind: 'retry'; reason: string; server: boolean; status?: number; retryAfterMs?: number }
  /** The server refused this file (413, a type it does not take, a bad field): the user decides. */
  | { kind: 'refused'; status: number; words: string }
  | { kind: 'unauthorized' };

const RETRYABLE = new Set([404, 408, 425, 429]);

/** Retry-After in ms (seconds, or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month ("Sun, 22 Nov 2026 10:00:30 GMT"); '-5' is not one.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long one upload may take: two minutes plus the file at 32 KB/s (a weak 3G uplink), so a large
 * document on a slow link is not cut at the same moment on every try and sent again forever.
 */
export const uploadTimeoutMs = (bytes: number) => 120_000 + Math.ceil(bytes / 32);

/** The server's words from a DRF-style error body: detail, or every field's messages. */
function serverWords(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === 'string') return record.detail;
    const messages = Object.entries(record).flatMap(([field, value]) =>
      (Array.isArray(value) ? value : [value])
        .filter((item): item is string => typeof item === 'string')
        .map((message) =>
          field === 'non_field_errors' || field === 'file' ? message : `${field}: ${message}`,
        ),
    );
    if (messages.length > 0) return messages.join(' ');
  }
  return `HTTP ${status}`;
}

function attachmentsUrl(entry: Pick<BlobEntry, 'parent_resource' | 'parent_id'>, baseUrl = ''): string {
  return `${baseUrl.replace(/\/$/, '')}/api/${entry.parent_resource}/${entry.parent_id}/attachments/`;
}

export async function uploadFile(entry: BlobEntry, target: UploadTarget): Promise<UploadOutcome> {
  const form = new FormData();
  form.set('id', entry.id);
  if (entry.description) form.set('description', entry.description);
  form.set('is_image', entry.is_image ? 'true' : 'false');
  if (entry.zone) form.set('zone', entry.zone);
  // Provenance: when, on which device and where it was taken, and the SHA-256 of its bytes then; the
  // server keeps them beside its own time and hash, and flags the file when the hashes differ.
  form.set('captured_at', entry.stamp?.captured_at ?? entry.created_at);
  form.set('capture_sha256', entry.sha256);
  if (entry.device) form.set('capture_device', entry.device);
  const position = entry.stamp?.position;
  if (position) {
    form.set('capture_latitude', position.latitude.toFixed(6));
    form.set('capture_longitude', position.longitude.toFixed(6));
    form.set('capture_accuracy', position.accuracy.toFixed(1));
  }
  form.set('file', entry.blob, entry.name);
  // A refusal is kept and shown to the user later: in the interface's language, as the API client asks.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': storedLanguage(),
    'Idempotency-Key': entry.id,
  };
  const token = target.token();
  if (token) headers.Authorization = `Token ${token}`;
  const run = target.fetch ?? fetch;
  let response: Response;
  try {
    response = await run(attachmentsUrl(entry, target.baseUrl), {
      method: 'POST',
      body: form,
      headers,
      signal: AbortSignal.timeout(target.timeoutMs ?? uploadTimeoutMs(entry.bytes)),
    });
  } catch (error) {
    return {
      kind: 'retry',
      reason: error instanceof Error ? error.message : 'No connection to the server',
      server: true,
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok && body && typeof body === 'object')
    return { kind: 'uploaded', row: body as Record<string, unknown> };
  if (response.status === 401) return { kind: 'unauthorized' };
  if (response.ok || response.status >= 500 || RETRYABLE.has(response.status))
    return {
      kind: 'retry',
      reason: `HTTP ${response.status}`,
      status: response.status,
      // A parent not there yet is this file's matter; anything else says the server cannot take files now.
      server: response.status !== 404,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    };
  return { kind: 'refused', status: response.status, words: serverWords(body, response.status) };
}
