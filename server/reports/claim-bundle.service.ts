// The claim bundle (issue 21): what a receiver's surveyor gets for a damage claim. A ZIP streamed as it
// is made: index.pdf (made in the reports' worker thread), manifest.json and manifest.csv, then the
// photos and documents as stored, byte for byte, a folder per record: of a project's chosen incidences
// (makeClaimBundle), or of one record, from its "Download all" (makeRecordClaimBundle).
// Every stored file is hashed again first, so the manifest and the index flag one whose bytes no longer
// match the hash recorded on arrival; while zipping, each is hashed once more, and one that changed in
// between stops the download rather than pass unflagged. Nothing is held whole in memory but the
// thumbnails and the index.
import type { ZipArchive } from 'archiver';
import type { AttachmentParent } from '../../src/domain/attachment.js';
import type { Principal } from '../auth/principal.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { safeName, uniqueNames } from '../files/names.js';
import { readWhole } from '../files/read-whole.js';
import { type FileStore, fileKey, fileStoreFor, thumbnailKey } from '../files/store.js';
import { hashStored } from '../files/verify.js';
import { parseOrThrow } from '../http/validation.js';
import { findParent } from '../resources/attachments/parents.js';
import {
  type ClaimData,
  type ClaimFile,
  type ClaimRecord,
  loadClaimData,
  makeClaimBody,
  makeRecordClaimBody,
  projectClaimRecords,
} from './claim-data.js';
import type { ClaimIndexJob } from './claim-index.pdf.js';
import {
  type ManifestRow,
  makeManifest,
  manifestRow,
  personName,
  type StoredCheck,
} from './claim-manifest.js';
import { folderOf, inTurns, zipOf } from './claim-zip.js';
import { type Clock, fileSlug, formatDateTime } from './format.js';
import {
  findProjectHeader,
  findUserNames,
  type ProjectHeader,
  projectInLanguage,
} from './project-data.repository.js';
import {
  type MakeReportBody,
  portZone,
  projectFileName,
  reportContext,
  reportThread,
} from './reports.service.js';

export interface ClaimBundle {
  archive: ZipArchive;
  filename: string;
  bundleSha256: string;
  files: number;
  flagged: number;
  /** The bytes of the files in it (the ZIP is a little larger): for a progress bar. */
  bytes: number;
}

/** What a bundle is of: its records and the project they belong to (none: a container report's own). */
interface ClaimScope {
  project: ProjectHeader | null;
  /** The port's IANA zone, for the index's times. */
  zone: string | null;
  records: ClaimRecord[];
  /** The one record the bundle is of, named in the file name and, without a project, the index. */
  record?: ClaimRecord;
}

type Bundler = (
  database: Database,
  config: Config,
  principal: Principal | null,
  body: Pick<MakeReportBody, 'language' | 'time_zone'>,
  acceptLanguage: string | undefined,
  onError: (error: Error) => void,
) => Promise<ClaimBundle>;

/** The bundle of a project's incidences (all, or those in the body), with the project's own files if asked. */
export async function makeClaimBundle(
  database: Database,
  config: Config,
  principal: Principal | null,
  projectId: string,
  rawBody: unknown,
  acceptLanguage: string | undefined,
  onError: (error: Error) => void,
): Promise<ClaimBundle> {
  const found = await findProjectHeader(database.db, principal, projectId);
  const body = parseOrThrow(makeClaimBody, rawBody ?? {});
  const records = await projectClaimRecords(database.db, found.id, body);
  const scope = { project: found, zone: portZone(found.refs.port), records };
  return bundleOf(scope)(database, config, principal, body, acceptLanguage, onError);
}

/** The bundle of one record's files (its "Download all"): 404 for a record the caller cannot read. */
export async function makeRecordClaimBundle(
  database: Database,
  config: Config,
  principal: Principal | null,
  resource: AttachmentParent,
  id: string,
  rawBody: unknown,
  acceptLanguage: string | undefined,
  onError: (error: Error) => void,
): Promise<ClaimBundle> {
  const { db } = database;
  const parent = await findParent({ db }, resource, id, principal);
  const body = parseOrThrow(makeRecordClaimBody, rawBody ?? {});
  const project = parent.project ? await findProjectHeader(db, principal, parent.project) : null;
  // A container report's own port first (it may be of no project), then the project's.
  const ownPort = refId(parent.row.port);
  const zone = (ownPort ? await portTimeZone(database, ownPort) : null) ?? portZone(project?.refs.port);
  const created = parent.row.created_at;
  const record: ClaimRecord = {
    resource,
    id: parent.id,
    label: resource === 'project' ? '' : parent.label,
    created_at: typeof created === 'string' ? created : '',
  };
  const scope = { project, zone, records: [record], record: resource === 'project' ? undefined : record };
  return bundleOf(scope)(database, config, principal, body, acceptLanguage, onError);
}

const refId = (value: unknown): string | null => {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : null;
};

async function portTimeZone({ db }: Database, port: string): Promise<string | null> {
  const row = await db
    .selectFrom('port' as never)
    .select('time_zone' as never)
    .where('id' as never, '=', port as never)
    .executeTakeFirst();
  return portZone(row as Record<string, unknown> | undefined);
}

/** Each record with its manifest rows, and the files the store holds (in the ZIP), hashed again now. */
async function checkFiles(store: FileStore, data: ClaimData) {
  const stored: StoredCheck[] = await inTurns(data.files, async (file) => {
    const now = await hashStored(store, fileKey(file.id));
    return { sha256: now?.sha256 ?? null, size: now?.size ?? null };
  });
  const names = uniqueNames();
  const folders = new Map(data.records.map((record, index) => [record.id, folderOf(record, index)]));
  const records = data.records.map((record) => ({ ...record, rows: [] as ManifestRow[] }));
  const byId = new Map(records.map((record) => [record.id, record]));
  const entries: { row: ManifestRow; file: ClaimFile }[] = [];
  for (const [index, file] of data.files.entries()) {
    const record = byId.get(file.parent_id);
    const check = stored[index];
    if (!record || !check) continue;
    const path = check.sha256 === null ? null : names(`${folders.get(record.id)}/${safeName(file.name)}`);
    const row = manifestRow(file, record, check, path, data.users);
    record.rows.push(row);
    if (path) entries.push({ row, file });
  }
  return { records, entries, rows: records.flatMap((record) => record.rows) };
}

async function madeByOf(database: Database, principal: Principal | null): Promise<string> {
  const maker =
    principal?.kind === 'user'
      ? (await findUserNames(database.db, [principal.userId])).get(principal.userId)
      : undefined;
  return personName(maker) || (principal?.kind === 'account' ? 'API token' : '');
}

const bundleOf =
  (scope: ClaimScope): Bundler =>
  async (database, config, principal, body, acceptLanguage, onError) => {
    const context = reportContext(body, acceptLanguage, config, scope.zone);
    const project = scope.project ? projectInLanguage(scope.project, context.language) : null;
    const store = await fileStoreFor(config);
    const shown = scope.records.map((record) => ({ ...record, label: recordLabel(record, context.clock) }));
    const { records, entries, rows } = await checkFiles(store, await loadClaimData(database.db, shown));
    const madeBy = await madeByOf(database, principal);
    const named = scope.record ? recordLabel(scope.record, context.clock) : '';
    const title = project ? [project.code, project.name].filter(Boolean).join(' · ') : named;
    const manifest = makeManifest(
      {
        project: project && {
          id: project.id,
          code: project.code,
          name: project.name,
          vessel: vesselName(project.refs.vessel),
        },
        made_at: context.now.toISOString(),
        made_by: madeBy,
        time_zone: context.clock.timeZone,
      },
      rows,
    );
    const thumbnails = await inTurns(
      entries.filter(({ file }) => file.is_image),
      async ({ file }) => ({ id: file.id, bytes: await readWhole(store, thumbnailKey(file.id)) }),
    );
    const job: ClaimIndexJob = {
      kind: 'claim-index',
      language: context.language,
      timeZone: context.clock.timeZone,
      now: context.now.toISOString(),
      company: context.company,
      project: title,
      madeBy,
      bundleSha256: manifest.bundleSha256,
      records: records.map(({ resource, label, created_at, rows: recordRows }) => ({
        resource,
        label,
        created_at,
        rows: recordRows,
      })),
      thumbnails: thumbnails.flatMap((item) =>
        item.bytes ? [{ id: item.id, bytes: new Uint8Array(item.bytes) }] : [],
      ),
    };
    const head = [
      { name: 'index.pdf', bytes: Buffer.from(await reportThread.run(job)) },
      { name: 'manifest.json', bytes: manifest.json },
      { name: 'manifest.csv', bytes: manifest.csv },
    ];
    const comment = `SHA-256 of manifest.json (bundle hash): ${manifest.bundleSha256}`;
    const prefix = context.t('claim.filename');
    const suffix = fileSlug(named).slice(0, 40);
    return {
      archive: await zipOf(store, head, entries, comment, onError),
      filename: project
        ? projectFileName(prefix, project, context, 'zip', suffix)
        : `${[prefix, suffix, context.now.toISOString().slice(0, 10)].filter(Boolean).join('_')}.zip`,
      bundleSha256: manifest.bundleSha256,
      files: rows.length,
      flagged: rows.filter((row) => row.integrity !== 'intact').length,
      bytes: entries.reduce((sum, { row }) => sum + row.size, 0),
    };
  };

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A record as a receiver reads it in the index, the manifest and the folder names: a report named by
 * a time (a SOF by its ETA, a coil report by its start) in the port's local time, not an ISO string;
 * one with nothing to show (no ETA yet: its id) by when it was recorded.
 */
function recordLabel(record: ClaimRecord, clock: Clock): string {
  const label = record.label === record.id ? record.created_at : record.label;
  return ISO_DATE_TIME.test(label) ? formatDateTime(label, clock) : label;
}

function vesselName(vessel: unknown): string | null {
  const name = (vessel as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : null;
}
