import { type Kysely, sql } from 'kysely';
import { attachment } from '../../../src/domain/attachment.js';
import { isUuid } from '../../../src/domain/ids.js';
import type { Resource } from '../../../src/domain/resource.js';
import type { Principal } from '../../auth/principal.js';
import { readCondition } from '../engine/access.js';
import { recordAudit } from '../engine/audit.js';
import { findRepresentation } from '../engine/read.js';
import type { Actor } from '../engine/write.js';
import type { Provenance } from './upload.js';

type Db = Kysely<unknown>;
export const attachmentResource = attachment as unknown as Resource;

/** What the server needs of a stored attachment to send its bytes. */
export interface StoredAttachment {
  id: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  is_image: boolean;
  /** Read by the ZIP's zone filter; absent where a query does not select it. */
  zone?: string | null;
  parent_resource: string;
  parent_id: string;
}

export interface NewAttachment extends Provenance {
  id: string;
  description: string | null;
  is_image: boolean;
  zone: string | null;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  parent_resource: string;
  parent_id: string;
  project: string | null;
}

/** Inserts the row (its seq stamped by the sync trigger) and its audit entry; false when the id exists (a racing retry). */
export async function insertAttachment(db: Db, actor: Actor, row: NewAttachment) {
  const inserted =
    await sql`insert into attachment (id, version, created_at, created_by, updated_at, updated_by,
      description, is_image, zone, name, content_type, size, sha256, parent_resource, parent_id, project,
      captured_at, capture_device, capture_latitude, capture_longitude, capture_accuracy, capture_sha256)
    values (${row.id}, 1, now(), ${actor.userId}, now(), ${actor.userId},
      ${row.description}, ${row.is_image}, ${row.zone}, ${row.name}, ${row.content_type}, ${row.size}, ${row.sha256},
      ${row.parent_resource}, ${row.parent_id}, ${row.project},
      ${row.captured_at}, ${row.capture_device}, ${row.capture_latitude}, ${row.capture_longitude},
      ${row.capture_accuracy}, ${row.capture_sha256})
    on conflict (id) do nothing returning id`.execute(db);
  if (inserted.rows.length === 0) return false;
  const { id, ...fields } = row;
  const changes = Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== null)
      .map(([name, value]) => [name, [null, value]]),
  );
  await recordAudit(db, { resource: attachmentResource, id, action: 'create', version: 1, changes, actor });
  return true;
}

/** A row by id, live or not (for retries): parent and state. */
export async function findAny(db: Db, id: string) {
  const result = await sql<{
    parent_resource: string;
    parent_id: string;
    deleted: boolean;
  }>`select parent_resource, parent_id, deleted_at is not null as deleted from attachment where id = ${id}`.execute(
    db,
  );
  return result.rows[0];
}

/** A live attachment the caller may read (customers: of their projects), or undefined. */
export async function findReadable(
  db: Db,
  id: string,
  principal: Principal | null,
): Promise<StoredAttachment | undefined> {
  if (!isUuid(id)) return undefined;
  const access = readCondition(attachmentResource, principal);
  const result =
    await sql<StoredAttachment>`select id, name, content_type, size, sha256, is_image, parent_resource, parent_id
    from attachment as t where id = ${id} and deleted_at is null ${access ? sql`and ${access}` : sql``}`.execute(
      db,
    );
  return result.rows[0];
}

/** Every live attachment of a parent, oldest first (the ZIP's order). */
export async function listOfParent(db: Db, parentResource: string, parentId: string) {
  const result =
    await sql<StoredAttachment>`select id, name, content_type, size, sha256, is_image, zone, parent_resource, parent_id
    from attachment where parent_resource = ${parentResource} and parent_id = ${parentId} and deleted_at is null
    order by id`.execute(db);
  return result.rows;
}

/**
 * Ids of attachments tombstoned more than `hours` ago, whose files may still be in storage; with
 * `withinHours`, only those tombstoned at most that much earlier (the hourly purge's recent ones, not
 * every tombstone of the last 90 days again).
 */
export async function deletedIds(db: Db, hours: number, withinHours?: number): Promise<string[]> {
  const result = await sql<{ id: string }>`select id from attachment
    where deleted_at is not null and deleted_at <= now() - make_interval(hours => ${hours})
      and (${withinHours ?? null}::int is null
        or deleted_at > now() - make_interval(hours => ${hours + (withinHours ?? 0)}))`.execute(db);
  return result.rows.map((row) => row.id);
}

/** The REST shape, with the URLs a screen uses (relative to the site). */
export async function represent(db: Db, id: string, principal: Principal | null) {
  const row = await findRepresentation({ db: db as never }, attachmentResource, principal, id);
  return row ? withUrls(row) : undefined;
}

export function withUrls(row: Record<string, unknown>) {
  const id = String(row.id);
  return {
    ...row,
    file: `/api/attachments/${id}/download/`,
    thumbnail: row.is_image ? `/api/attachments/${id}/thumbnail/` : null,
  };
}
