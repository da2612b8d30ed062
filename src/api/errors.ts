import i18next from 'i18next';
import { isHttpError, isTimeout } from './http';

/** One line of an error notice: a field name (none for general messages) and its messages. */
export interface NoticeLine {
  label: string | null;
  messages: string[];
}

export interface ErrorNotice {
  title: string;
  autoClose: number;
  lines: NoticeLine[];
  /** HTTP status when the server answered; undefined for network failures. */
  status?: number;
}

const ERROR_NOTICE_TITLE = 'ERROR';
const ERROR_NOTICE_DURATION = 3000;

// Keys that carry general messages rather than a field's: shown without a label.
const GENERAL_KEYS = new Set(['detail', 'non_field_errors']);

/** Flattens a DRF error body ({field: [messages]}, nested objects and lists included) into notice lines. */
export function linesFromBody(body: unknown, prefix = ''): NoticeLine[] {
  if (body === null || body === undefined || body === '') return [];
  if (typeof body === 'string' || typeof body === 'number' || typeof body === 'boolean') {
    return [{ label: prefix || null, messages: [String(body)] }];
  }
  if (Array.isArray(body)) {
    if (body.every((item) => typeof item === 'string' || typeof item === 'number')) {
      return body.length ? [{ label: prefix || null, messages: body.map(String) }] : [];
    }
    return body.flatMap((item, index) => linesFromBody(item, prefix ? `${prefix}.${index}` : String(index)));
  }
  return Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => {
    const label = GENERAL_KEYS.has(key) ? prefix : prefix ? `${prefix}.${key}` : key;
    return linesFromBody(value, label);
  });
}

/** Decodes an error body that may be text, JSON or binary (a failed download) into a value. */
export async function decodeBody(body: unknown): Promise<unknown> {
  let text: string | undefined;
  if (typeof body === 'string') text = body;
  else if (typeof Blob !== 'undefined' && body instanceof Blob) text = await body.text();
  else if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) text = new TextDecoder().decode(body);
  else return body;
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text.length > 300 ? undefined : text;
  }
}

async function responseBody(response: Response): Promise<unknown> {
  try {
    return await decodeBody(await response.clone().arrayBuffer());
  } catch {
    return undefined;
  }
}

function isNetworkError(error: unknown): boolean {
  return (
    isTimeout(error) ||
    error instanceof TypeError ||
    (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'NetworkError'))
  );
}

function notice(lines: NoticeLine[], status?: number): ErrorNotice {
  return { title: ERROR_NOTICE_TITLE, autoClose: ERROR_NOTICE_DURATION, lines, status };
}

function message(key: string): NoticeLine[] {
  return [{ label: null, messages: [i18next.t(key)] }];
}

/**
 * The one mapper from any failure of an API call to the spec's error notice: an HTTP error (ky's HTTPError
 * or ./http.ts's; DRF body, JSON or binary), a network failure or time-out, an already decoded body, or
 * anything else.
 */
export async function describeApiError(error: unknown): Promise<ErrorNotice> {
  if (isHttpError(error)) {
    const status = error.response.status;
    const lines = linesFromBody(await responseBody(error.response));
    if (lines.length) return notice(lines, status);
    if (status === 429) return notice(message('common:notice.rate_limited'), status);
    return notice([{ label: null, messages: [`${status} ${error.response.statusText}`.trim()] }], status);
  }
  if (isNetworkError(error)) {
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return notice(message(offline ? 'common:notice.offline' : 'common:notice.network_error'));
  }
  if (error && typeof error === 'object' && 'body' in error) {
    const lines = linesFromBody(await decodeBody((error as { body: unknown }).body));
    if (lines.length) return notice(lines);
  }
  if (error instanceof Error && error.message) return notice([{ label: null, messages: [error.message] }]);
  return notice(message('common:notice.unknown_error'));
}

/** The body of a 400 answer (or of `status`), when it is a JSON object; null for anything else. */
export async function badRequestBody(error: unknown, status = 400): Promise<Record<string, unknown> | null> {
  if (!isHttpError(error) || error.response.status !== status) return null;
  const body = await responseBody(error.response);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** Field errors of a 400 answer, for forms that show them under their inputs; null for anything else. */
export async function fieldErrors(error: unknown): Promise<Record<string, string[]> | null> {
  const body = await badRequestBody(error);
  if (!body) return null;
  const result: Record<string, string[]> = {};
  for (const line of linesFromBody(body)) result[line.label ?? 'non_field_errors'] = line.messages;
  return result;
}
