import type { FastifyRequest } from 'fastify';

const HOST = /^([\w.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The address of another page of the list a request asked for. Made on PUBLIC_URL when it is set;
 * else on the request's Host header. Never on X-Forwarded-Host: any client can write that header,
 * and a link made on it could send the next caller (or a shared cache) to another site.
 */
export function pageUrl(request: FastifyRequest, publicUrl: string | undefined, page: number): string {
  const url = new URL(`${publicOrigin(request, publicUrl)}${request.url}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/** This server's origin as the caller should use it: PUBLIC_URL, else the Host header (never X-Forwarded-Host). */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const host = request.headers.host;
  return publicUrl ?? `${scheme}://${host && HOST.test(host) ? host : 'localhost'}`;
}
