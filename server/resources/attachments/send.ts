// Sending an attachment's bytes: its own name in Content-Disposition (RFC 6266) and
// x-suggested-filename, its checked type, and headers that keep a browser from running it.
import { createReadStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { downloadHeaders } from '../../files/names.js';
import type { FileStore } from '../../files/store.js';
import { notFound } from '../../http/errors.js';
import type { StoredAttachment } from './repository.js';

/** Files never change under an id: caches may keep them (privately: they need a token). */
const IMMUTABLE = 'private, max-age=31536000, immutable';
const NO_ACTIVE_CONTENT = "sandbox; default-src 'none'";

function textType(type: string) {
  return type.startsWith('text/') || type === 'application/json' ? `${type}; charset=utf-8` : type;
}

export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  row: StoredAttachment,
) {
  const path = store.fileOf(row.id);
  if (!(await store.exists(path))) throw notFound('The file of this attachment is missing.');
  const etag = `"${row.sha256}"`;
  reply.headers({
    ...downloadHeaders(row.name),
    'content-type': textType(row.content_type),
    'cache-control': IMMUTABLE,
    'content-security-policy': NO_ACTIVE_CONTENT,
    etag,
  });
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.header('content-length', row.size);
  return reply.send(createReadStream(path));
}

export async function sendThumbnail(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  row: StoredAttachment,
) {
  const path = store.thumbnailOf(row.id);
  if (!row.is_image || !(await store.exists(path))) throw notFound('This attachment has no thumbnail.');
  const etag = `"${row.sha256}-thumb"`;
  reply.headers({
    'content-type': 'image/webp',
    'cache-control': IMMUTABLE,
    'content-security-policy': NO_ACTIVE_CONTENT,
    etag,
  });
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(createReadStream(path));
}
