import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.js';

/**
 * Serves the built PWA: hashed files cached for a year, the shell and the service worker always
 * revalidated, and index.html for every app route (history mode), so a deep link works.
 */
export async function registerStatic(app: FastifyInstance, staticDir: string) {
  const root = resolve(staticDir);
  const hasShell = existsSync(resolve(root, 'index.html'));
  if (hasShell) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file: sent as they are, not compressed per request.
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/');
    if (hasShell && wantsPage && !/\.[a-z0-9]{2,5}$/i.test(url.split('?')[0])) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const error = notFound();
    return reply.code(error.statusCode).send(error.body);
  });
}
