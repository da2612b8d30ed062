import { once } from 'node:events';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { localise, localiseAnswer } from '../i18n/answers.js';
import { requestLanguage } from '../i18n/language.js';
import { say, type Text } from '../i18n/message.js';
import { databaseRefusal } from './database-errors.js';
import { HttpError, insufficientStorage, serviceUnavailable } from './errors.js';

// PostgreSQL errors meaning "the database is not there right now" (57014: a statement cancelled by
// statement_timeout), and the pg driver's socket errors (ETIMEDOUT also from our own query limit).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

function isDatabaseUnavailable(error: { code?: unknown; message?: string }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code)) return true;
  const text = error.message ?? '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    text,
  );
}

/**
 * The rest of an upload the handler stopped reading (refused or failed midway) is read and dropped
 * before the answer, or the client, still sending, meets a reset connection instead of the answer (and
 * a device would retry a refused file for ever). Bounded in time against a sender that never ends.
 */
async function drainUpload(request: FastifyRequest, maxMs = 30_000, maxBytes = 64 * 1024 * 1024) {
  const raw = request.raw;
  if (raw.complete || raw.destroyed || !request.headers['content-type']?.startsWith('multipart/')) return;
  raw.unpipe();
  let timer: NodeJS.Timeout | undefined;
  let stop = () => {};
  let bytes = 0;
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > maxBytes) stop();
  };
  raw.on('data', count);
  raw.resume();
  await Promise.race([
    once(raw, 'end'),
    once(raw, 'close'),
    new Promise((resolve) => {
      stop = () => resolve(undefined);
      timer = setTimeout(stop, maxMs);
    }),
  ]).catch(() => undefined);
  clearTimeout(timer);
  raw.off('data', count);
}

function send(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
  const local = localise(error, requestLanguage(request));
  return reply.headers(local.headers).code(local.statusCode).send(local.body);
}

const detail = (status: number, text: Text) => new HttpError(status, { detail: text });

/** What an error that is not an HttpError is answered with (the DRF shape, never a stack trace). */
function asHttpError(error: FastifyError, request: FastifyRequest): HttpError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return detail(413, say('upload.body_too_large'));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return detail(400, say('http.json', { detail: error.message }));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return detail(415, say('http.media_type', { type: request.headers['content-type'] ?? '' }));
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return detail(400, say('http.length'));
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return detail(413, say('upload.too_large_body'));
  }
  // What the service's checks could not see (two writers creating the same unique values, a CHECK or a
  // trigger the domain does not know, a value out of a column's range): a 400 naming the field.
  const refused = databaseRefusal(error);
  if (refused) return refused;
  if (error.code === 'ENOSPC' || error.code === 'EDQUOT' || error.code === '53100') {
    request.log.error({ err: error }, 'no space left');
    return insufficientStorage();
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return serviceUnavailable();
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return detail(status, error.message);
  request.log.error({ err: error }, 'request failed');
  return detail(500, say('http.server_error'));
}

/**
 * The one error handler: every error leaves in the DRF shape, bad input is never a 500, and no stack
 * trace or internal message ever reaches a client (5xx details go to the log only). Its messages leave
 * in the request's language (Accept-Language: es, or English), as does a success's `detail`.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    await drainUpload(request);
    return send(request, reply, error instanceof HttpError ? error : asHttpError(error, request));
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) =>
    localiseAnswer(request, payload),
  );
}
