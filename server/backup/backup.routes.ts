// POST /api/backup/: the running server on the embedded database writes a backup archive into the
// answer, for `npm run backup` (the CLI cannot open a database this process holds). Only the token of
// DATA_DIR/backup-access.json opens it (access.ts); hidden from the API's documentation.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { fileStoreFor } from '../files/store.js';
import { notAuthenticated } from '../http/errors.js';
import { isLocalToken } from './access.js';
import { backupSource } from './source.js';
import { writeBackup } from './write.js';

export async function backupRoutes(app: FastifyInstance, context: AppContext) {
  const { backupToken } = context;
  if (!backupToken) return;
  app.post(
    '/backup/',
    { config: { ownAuthorization: true }, schema: { hide: true } },
    async (request, reply) => {
      if (!isLocalToken(request.headers.authorization, backupToken)) throw notAuthenticated();
      const source = backupSource(context.config, context.database, await fileStoreFor(context.config));
      const out = new PassThrough();
      writeBackup(source, out).then(
        (manifest) => request.log.info({ files: manifest.files.length }, 'backup sent'),
        (error: unknown) => request.log.error({ err: error }, 'backup failed'),
      );
      return reply.header('cache-control', 'no-store').type('application/zip').send(out);
    },
  );
}
