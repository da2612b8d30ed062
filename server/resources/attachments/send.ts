// Sending an attachment's bytes: its own name in Content-Disposition (RFC 6266) and
// x-suggested-filename, its checked type, and headers that keep a browser from running it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { downloadHeaders } from '../../files/names.js';
import { type FileStore, fileKey, thumbnailKey } from '../../files/store.js';
import { checkedBytes } from '../../files/verify.js';
import { notFound } from '../../http/errors.js';
import { type Message, say } from '../../i18n/message.js';
import type { StoredAttachment } from './repository.js';

/** Files never change under an id: caches may keep them (privately: they need a token). */
const IMMUTABLE = 'private, max-age=31536000, immutable';
const NO_ACTIVE_CONTENT = "sandbox; default-src 'none'";

function textType(type: string) {
  return type.startsWith('text/') || type === 'application/json' ? `${type}; charset=utf-8` : type;
}

/**
 * The bytes under `key` with `headers`; 304 to a cache holding them, 404 when the store has none. With
 * `sha256`, checked against it on the way: bytes changed at rest end the response short (logged).
 */
async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  key: string,
  headers: Record<string, string>,
  missing: Message,
  recorded?: { size: number; sha256: string },
) {
  // Files never change under an id: a client holding this version is answered without the store.
  if (request.headers['if-none-match'] === headers.etag) return reply.headers(headers).code(304).send();
  const bytes = await store.read(key);
  if (!bytes) throw notFound(missing);
  if (!recorded) return reply.headers(headers).send(bytes);
  reply.header('content-length', recorded.size);
  const checked = checkedBytes(bytes, key, recorded.sha256, recorded.size);
  checked.on('error', (error) => request.log.error({ err: error }, 'stored file changed since it arrived'));
  return reply.headers(headers).send(checked);
}

export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  row: StoredAttachment,
) {
  const headers = {
    ...downloadHeaders(row.name),
    'content-type': textType(row.content_type),
    'cache-control': IMMUTABLE,
    'content-security-policy': NO_ACTIVE_CONTENT,
    etag: `"${row.sha256}"`,
  };
  const missing = say('upload.file_missing');
  return sendStored(request, reply, store, fileKey(row.id), headers, missing, row);
}

export async function sendThumbnail(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  row: StoredAttachment,
) {
  const missing = say('upload.no_thumbnail');
  if (!row.is_image) throw notFound(missing);
  const headers = {
    'content-type': 'image/webp',
    'cache-control': IMMUTABLE,
    'content-security-policy': NO_ACTIVE_CONTENT,
    etag: `"${row.sha256}-thumb"`,
  };
  return sendStored(request, reply, store, thumbnailKey(row.id), headers, missing);
}
