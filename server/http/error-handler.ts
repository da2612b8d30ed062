import { once } from 'node:events';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

function send(reply: FastifyReply, error: HttpError) {
  reply.headers(error.headers).code(error.statusCode).send(error.body);
}

/**
 * The one error handler: every error leaves in the DRF shape, bad input is never a 500, and no stack
 * trace or internal message ever reaches a client (5xx details go to the log only).
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    await drainUpload(request);
    if (error instanceof HttpError) return send(reply, error);
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send({ detail: 'Request body is too large.' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send({ detail: `JSON parse error - ${error.message}` });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .code(415)
          .send({ detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.` });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send({ detail: 'Request body size did not match Content-Length.' });
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
        return reply.code(413).send({ detail: 'The uploaded file is too large.' });
    }
    // A race the service's checks could not see: two writers creating the same unique values.
    if (error.code === '23505')
      return reply.code(400).send({ non_field_errors: ['A record with these values already exists.'] });
    if (error.code === '23503')
      return reply.code(400).send({ non_field_errors: ['A referenced record does not exist.'] });
    if (error.code === '22P02' || error.code === '22007' || error.code === '22008' || error.code === '22003')
      return reply.code(400).send({ non_field_errors: ['A value is not valid for its field.'] });
    if (error.code === 'ENOSPC' || error.code === 'EDQUOT' || error.code === '53100') {
      request.log.error({ err: error }, 'no space left');
      return send(reply, insufficientStorage());
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, serviceUnavailable());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ detail: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });
}
