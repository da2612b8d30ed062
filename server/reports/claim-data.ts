// What a claim bundle holds, read from the database: the records whose files go in (the project's
// selected incidences and, when asked, the project's own files; or the one record whose "Download all"
// asked for it), each with its live attachments and their provenance.
import { sql } from 'kysely';
import { z } from 'zod';
import type { AttachmentParent } from '../../src/domain/attachment.js';
import { isUuid } from '../../src/domain/ids.js';
import type { Database } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import { say } from '../i18n/message.js';
import type { StoredAttachment } from '../resources/attachments/repository.js';
import type { Provenance } from '../resources/attachments/upload.js';
import { isTimeZone } from './format.js';
import { reportLanguages } from './i18n.js';
import { findUserNames, type UserName } from './project-data.repository.js';

type Db = Database['db'];

/** Most incidences one bundle takes (a claim names a few; a whole project's are still far fewer). */
const MAX_INCIDENCES = 1000;

export const makeClaimBody = z.object({
  language: z.enum(reportLanguages).optional(),
  time_zone: z.string().max(64).refine(isTimeZone, 'report.time_zone').optional(),
  /** The incidences of the project whose files go in; every incidence of the project when absent. */
  incidences: z
    .array(z.string().refine(isUuid, 'field.uuid'))
    .max(MAX_INCIDENCES, 'report.claim_max_incidences')
    .optional(),
  /** The project's own photos and documents too. */
  project_files: z.boolean().optional(),
});
export type MakeClaimBody = z.infer<typeof makeClaimBody>;

/** The body of one record's bundle (its "Download all"): the language and zone of the index only. */
export const makeRecordClaimBody = makeClaimBody.pick({ language: true, time_zone: true });

/** A record whose files the bundle holds. */
export interface ClaimRecord {
  resource: AttachmentParent;
  id: string;
  label: string;
  /** When it was recorded (ISO). */
  created_at: string;
}

/** A live attachment with what the manifest says of it. */
export interface ClaimFile extends StoredAttachment, Provenance {
  zone: string | null;
  description: string | null;
  version: number;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
  altered: boolean;
}

export interface ClaimData {
  records: ClaimRecord[];
  files: ClaimFile[];
  users: Map<string, UserName>;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
const isoOrNull = (value: unknown) => (value == null ? null : iso(value));
const textOrNull = (value: unknown) => (value == null ? null : String(value));

/** The incidences asked for (400 naming `incidences` for one not of this project), and the project. */
export async function projectClaimRecords(
  db: Db,
  projectId: string,
  body: MakeClaimBody,
): Promise<ClaimRecord[]> {
  const wanted = body.incidences ? [...new Set(body.incidences.map((id) => id.toLowerCase()))] : null;
  const incidences = await sql<{ id: string; description: string; created_at: unknown }>`
    select id, description, created_at from incidence
    where project = ${projectId} and deleted_at is null
      ${wanted ? sql`and id in (${sql.join(wanted.length ? wanted : [projectId])})` : sql``}
    order by created_at, id`.execute(db);
  if (wanted && incidences.rows.length !== wanted.length) {
    const found = new Set(incidences.rows.map((row) => row.id));
    const strangers = wanted.filter((id) => !found.has(id));
    throw new ValidationError({
      incidences: [say('report.claim_foreign', { ids: strangers.join(', ') })],
    });
  }
  const records: ClaimRecord[] = incidences.rows.map((row) => ({
    resource: 'incidence',
    id: row.id,
    label: row.description,
    created_at: iso(row.created_at),
  }));
  if (body.project_files) records.unshift({ resource: 'project', id: projectId, label: '', created_at: '' });
  return records;
}

/** The live files of `records`, oldest first, and the people who sent or edited them. */
export async function loadClaimData(db: Db, records: ClaimRecord[]): Promise<ClaimData> {
  const byResource = new Map<string, string[]>();
  for (const record of records)
    byResource.set(record.resource, [...(byResource.get(record.resource) ?? []), record.id]);
  const ofRecords = byResource.size
    ? sql.join(
        [...byResource].map(
          ([resource, ids]) => sql`(parent_resource = ${resource} and parent_id in (${sql.join(ids)}))`,
        ),
        sql` or `,
      )
    : sql`false`;
  const result = await sql<Record<string, unknown>>`
    select id, name, content_type, size, sha256, is_image, zone, description, parent_resource, parent_id,
      version, created_at, created_by, updated_at, updated_by, captured_at, capture_device,
      capture_latitude, capture_longitude, capture_accuracy, capture_sha256, altered
    from attachment where deleted_at is null and (${ofRecords})
    order by created_at, id`.execute(db);
  const files = result.rows.map(
    (row): ClaimFile => ({
      id: String(row.id),
      name: String(row.name),
      content_type: String(row.content_type),
      size: Number(row.size),
      sha256: String(row.sha256),
      is_image: row.is_image === true,
      zone: textOrNull(row.zone),
      description: textOrNull(row.description),
      parent_resource: String(row.parent_resource),
      parent_id: String(row.parent_id),
      version: Number(row.version),
      created_at: iso(row.created_at),
      created_by: textOrNull(row.created_by),
      updated_at: iso(row.updated_at),
      updated_by: textOrNull(row.updated_by),
      captured_at: isoOrNull(row.captured_at),
      capture_device: textOrNull(row.capture_device),
      capture_latitude: textOrNull(row.capture_latitude),
      capture_longitude: textOrNull(row.capture_longitude),
      capture_accuracy: textOrNull(row.capture_accuracy),
      capture_sha256: textOrNull(row.capture_sha256),
      altered: row.altered === true,
    }),
  );
  const people = new Set(files.flatMap((file) => [file.created_by, file.updated_by]));
  const users = await findUserNames(
    db,
    [...people].filter((id): id is string => id !== null),
  );
  return { records, files, users };
}
