// Attachments of projects, container reports, incidences, packing items, coil and SOF reports:
//   GET    /api/<resource>/<id>/attachments/            paged list (is_image, zone, page, page_size)
//   POST   /api/<resource>/<id>/attachments/            multipart: id?, description, is_image, zone, file
//                                                       (or JSON with name and base_64 in place of file)
//   GET    /api/<resource>/<id>/download_zip/           every attachment in one streamed ZIP
//   GET    /api/<resource>/<id>/attachments/<aid>/download/
//   GET    /api/attachments/<aid>/download/             the bytes, with the original name
//   GET    /api/attachments/<aid>/thumbnail/            320 px WebP of a photo
//   DELETE /api/attachments/<aid>/                      tombstone; the file goes DELETED_FILES_KEEP_HOURS later
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AttachmentParent, attachmentParents } from '../../../src/domain/attachment.js';
import { resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import type { AppContext } from '../../context.js';
import { downloadHeaders, safeName } from '../../files/names.js';
import { type FileStore, fileKey, fileStoreFor, thumbnailKey } from '../../files/store.js';
import { notFound, ValidationError } from '../../http/errors.js';
import { pageUrl } from '../../http/links.js';
import { say } from '../../i18n/message.js';
import { checkWrite } from '../engine/access.js';
import { runWrite } from '../engine/idempotency.js';
import { checkListQuery } from '../engine/limits.js';
import { listPage } from '../engine/read.js';
import { deleteRecord } from '../engine/write.js';
import { attachmentDocs, parentDocs } from './attachments.openapi.js';
import { createAttachment } from './create.js';
import { findParent, type Parent } from './parents.js';
import {
  attachmentResource,
  deletedIds,
  findReadable,
  listOfParent,
  type StoredAttachment,
  withUrls,
} from './repository.js';
import { sendFile, sendThumbnail } from './send.js';
import { base64BodyLimit } from './upload.js';
import { storedOnly, zipOf } from './zip.js';

type Query = Record<string, string | string[] | undefined>;

type ParentParams = { id: string };

async function readableAttachment(request: FastifyRequest, context: AppContext, id: string) {
  const row = await findReadable(context.database.db as never, id, request.principal);
  if (!row) throw notFound();
  return row;
}

const FLAGS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/** The attachments a ZIP holds: all, or those the list's is_image and zone filters keep. */
function zipSelection(rows: StoredAttachment[], query: Query): StoredAttachment[] {
  checkListQuery(attachmentResource, query, ['is_image', 'zone']);
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);
  const flag = one(query.is_image);
  const zone = one(query.zone);
  if (flag !== undefined && !(flag in FLAGS))
    throw new ValidationError({ is_image: [say('upload.true_false')] });
  return rows.filter(
    (row) => (flag === undefined || row.is_image === FLAGS[flag]) && (!zone || row.zone === zone),
  );
}

/**
 * Files of tombstoned attachments (deleted alone, with their parent or through sync), once their
 * tombstone is older than DELETED_FILES_KEEP_HOURS: a backup running meanwhile still finds the bytes
 * of every record its database copy holds alive. At start and every hour after (the recent ones only);
 * removing a key already gone is a no-op, so several servers may purge at once.
 */
async function purgeDeletedFiles(context: AppContext, store: FileStore, withinHours?: number) {
  const ids = await deletedIds(
    context.database.db as never,
    context.config.deletedFilesKeepHours,
    withinHours,
  );
  await store.remove(ids.flatMap((id) => [fileKey(id), thumbnailKey(id)]));
}

const HOUR_MS = 60 * 60 * 1000;
const PURGE_EVERY_MS = HOUR_MS;

export async function attachmentRoutes(app: FastifyInstance, context: AppContext) {
  const store = await fileStoreFor(context.config);
  const { database } = context;
  const db = () => database.db as never;

  await app.register(async (api) => {
    await api.register(multipart, { throwFileSizeLimit: true });
    let purgeTimer: NodeJS.Timeout | undefined;
    api.addHook('onClose', async () => {
      clearInterval(purgeTimer);
      await store.close();
    });
    api.addHook('onReady', async () => {
      // At start every tombstone past the wait (a server down for days catches up); then each hour
      // those that passed it since the last run that succeeded, and an hour more (runs that failed while
      // the store was down are made up by the next that succeeds, however long that was).
      let lastDone: number | undefined;
      const purge = async () => {
        const started = Date.now();
        const within = lastDone === undefined ? undefined : Math.ceil((started - lastDone) / HOUR_MS) + 1;
        try {
          await purgeDeletedFiles(context, store, within);
          lastDone = started;
        } catch (error) {
          api.log.warn({ err: error }, 'purging the files of deleted attachments failed');
        }
      };
      void purge();
      purgeTimer = setInterval(purge, PURGE_EVERY_MS);
      purgeTimer.unref();
    });

    for (const name of attachmentParents) {
      const docs = parentDocs(name);
      const parentOf = (request: FastifyRequest<{ Params: ParentParams }>): Promise<Parent> =>
        findParent(database, name, request.params.id, request.principal);

      api.get<{ Params: ParentParams; Querystring: Query }>(
        `/${name}/:id/attachments/`,
        docs.list,
        async (request) => {
          const parent = await parentOf(request);
          const query = { ...request.query, parent_resource: name, parent_id: parent.id };
          const page = await listPage(database, attachmentResource, request.principal, query);
          const last = Math.max(1, Math.ceil(page.count / page.pageSize));
          return {
            count: page.count,
            next: page.page < last ? pageUrl(request, context.config.publicUrl, page.page + 1) : null,
            previous: page.page > 1 ? pageUrl(request, context.config.publicUrl, page.page - 1) : null,
            results: page.results.map(withUrls),
          };
        },
      );

      api.post<{ Params: ParentParams }>(
        `/${name}/:id/attachments/`,
        // A base_64 body is a third larger than its file; multipart is not bound by this limit.
        {
          ...docs.upload,
          bodyLimit: base64BodyLimit(context.config.uploadMaxBytes),
        },
        async (request, reply) => {
          const ended = context.metrics.uploadStarted();
          try {
            const outcome = await createAttachment(request, context, store, name, request.params.id);
            if (outcome.replayed) reply.header('idempotent-replayed', 'true');
            return reply.code(outcome.status).send(outcome.body);
          } finally {
            ended();
          }
        },
      );

      api.get<{ Params: ParentParams; Querystring: Query }>(
        `/${name}/:id/download_zip/`,
        docs.zip,
        async (request, reply) => {
          const parent = await parentOf(request);
          const rows = zipSelection(await listOfParent(db(), name, parent.id), request.query);
          const present = await storedOnly(store, rows);
          reply.headers({
            ...downloadHeaders(`${safeName(`${name} ${parent.label}`)}.zip`),
            'content-type': 'application/zip',
            'cache-control': 'private, no-store',
          });
          return reply.send(await zipOf(request, reply, store, present));
        },
      );

      api.get<{ Params: ParentParams & { attachment: string } }>(
        `/${name}/:id/attachments/:attachment/download/`,
        docs.download,
        async (request, reply) => {
          const parent = await parentOf(request);
          const row = await readableAttachment(request, context, request.params.attachment);
          if (row.parent_resource !== name || row.parent_id !== parent.id) throw notFound();
          return sendFile(request, reply, store, row);
        },
      );
    }

    api.get<{ Params: { id: string } }>(
      '/attachments/:id/download/',
      attachmentDocs.download,
      async (request, reply: FastifyReply) =>
        sendFile(request, reply, store, await readableAttachment(request, context, request.params.id)),
    );

    api.get<{ Params: { id: string } }>(
      '/attachments/:id/thumbnail/',
      attachmentDocs.thumbnail,
      async (request, reply) =>
        sendThumbnail(request, reply, store, await readableAttachment(request, context, request.params.id)),
    );

    api.delete<{ Params: { id: string } }>(
      '/attachments/:id/',
      attachmentDocs.remove,
      async (request, reply) => {
        const { principal } = request;
        if (principal?.kind !== 'user') await readableAttachment(request, context, request.params.id);
        const userId = checkWrite(resources.project as Resource, principal, 'write').userId;
        const id = request.params.id.toLowerCase();
        // The lookup runs inside the write, so a retry with the same Idempotency-Key replays the 204.
        const outcome = await runWrite(database, request, userId, async (trx) => {
          const row = await findReadable(trx, id, principal);
          if (!row) throw notFound();
          // Removing a file is an edit of its parent: who may edit the parent may remove it (staff).
          checkWrite(resources[row.parent_resource as AttachmentParent] as Resource, principal, 'write');
          if (
            !(await deleteRecord(
              { db: trx, engine: database.engine },
              attachmentResource,
              { userId },
              row.id,
            ))
          )
            throw notFound();
          return { status: 204, body: null };
        });
        // The row stays as a tombstone for sync; nobody may read the bytes any more, and the purge
        // removes them once DELETED_FILES_KEEP_HOURS have passed (at once when it is 0).
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        else if (context.config.deletedFilesKeepHours === 0)
          await store.remove([fileKey(id), thumbnailKey(id)]);
        return reply.code(204).send();
      },
    );
  });
}
