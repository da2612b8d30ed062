// POST /api/<resource>/<id>/attachments/: one file with its description, is_image and zone. A client
// id makes a retry safe: the same id again answers the stored attachment (no second file), and an
// Idempotency-Key replays the first answer.
import type { FastifyRequest } from 'fastify';
import type { AttachmentParent } from '../../../src/domain/attachment.js';
import { uuidv7 } from '../../../src/domain/ids.js';
import type { AppContext } from '../../context.js';
import { safeName } from '../../files/names.js';
import { discard, type FileStore, fileKey, thumbnailKey } from '../../files/store.js';
import { MAX_PIXELS, makeThumbnail, type ThumbnailFailure } from '../../files/thumbnail.js';
import { checkType } from '../../files/types.js';
import { HttpError, ValidationError } from '../../http/errors.js';
import { type Message, say } from '../../i18n/message.js';
import { checkWrite } from '../engine/access.js';
import { type Outcome, runWrite } from '../engine/idempotency.js';
import type { Actor } from '../engine/write.js';
import { findParent } from './parents.js';
import { findAny, insertAttachment, represent } from './repository.js';
import { parseFields, readUpload } from './upload.js';

const THUMBNAIL_FAILURES: Record<ThumbnailFailure, Message> = {
  'too-large': say('upload.megapixels', { count: MAX_PIXELS / 1_000_000 }),
  unreadable: say('upload.damaged'),
};

const idTaken = () => new HttpError(409, { id: [say('upload.id_taken')] });

export async function createAttachment(
  request: FastifyRequest,
  { database, config }: AppContext,
  store: FileStore,
  parentName: AttachmentParent,
  parentId: string,
): Promise<Outcome & { replayed: boolean }> {
  const parent = await findParent(database, parentName, parentId, request.principal);
  const actor: Actor = { userId: checkWrite(parent.resource, request.principal, 'write').userId };
  const { fields, file } = await readUpload(request, store, config.uploadMaxBytes);
  let thumbnail: string | undefined;
  try {
    const values = parseFields(fields);
    if (!file) throw new ValidationError({ file: [say('upload.none')] });
    const db = database.db as never;
    const id = values.id ?? uuidv7();
    const existing = values.id ? await findAny(db, id) : undefined;
    if (existing) {
      if (existing.deleted || existing.parent_resource !== parentName || existing.parent_id !== parent.id)
        throw idTaken();
      return { status: 200, body: await represent(db, id, request.principal), replayed: true };
    }
    if (file.size === 0) throw new ValidationError({ file: [say('upload.empty')] });
    const name = safeName(file.filename);
    const type = await checkType(file.path, name, file.mimetype, values.is_image);
    if (values.is_image) {
      const target = store.scratch.tempPath('.webp');
      thumbnail = target;
      const made = await makeThumbnail(file.path, target);
      if (made !== true) throw new ValidationError({ file: [THUMBNAIL_FAILURES[made]] });
    }
    const row = {
      id,
      description: values.description,
      is_image: values.is_image,
      zone: values.zone,
      name,
      content_type: type.contentType,
      size: file.size,
      sha256: file.sha256,
      parent_resource: parentName,
      parent_id: parent.id,
      project: parent.project,
      captured_at: values.captured_at,
      capture_device: values.capture_device,
      capture_latitude: values.capture_latitude,
      capture_longitude: values.capture_longitude,
      capture_accuracy: values.capture_accuracy,
      capture_sha256: values.capture_sha256,
    };
    // What a repeated Idempotency-Key is compared on: the fields and the bytes, not the stream.
    request.body = { ...row, id: values.id ?? null };
    return await runWrite(database, request, actor.userId, async (trx) => {
      if (!(await insertAttachment(trx, actor, row))) {
        const again = await findAny(trx, id);
        if (!again || again.deleted || again.parent_id !== parent.id) throw idTaken();
        return { status: 200, body: await represent(trx, id, request.principal) };
      }
      try {
        if (thumbnail) await store.putFile(thumbnailKey(id), thumbnail, 'image/webp');
        await store.putFile(fileKey(id), file.path, type.contentType);
      } catch (error) {
        await store.remove([fileKey(id), thumbnailKey(id)]);
        throw error;
      }
      return { status: 201, body: await represent(trx, id, request.principal) };
    });
  } finally {
    // Moved into place on success; otherwise (refused, retried, replayed) removed.
    await discard(file?.path);
    await discard(thumbnail);
  }
}
