// The claim bundle (issue 21): what a receiver's surveyor gets for a damage claim. A ZIP streamed as it
// is made: index.pdf (made in the reports' worker thread), manifest.json and manifest.csv, then the
// photos and documents of the chosen incidences as stored, byte for byte, a folder per record.
// Every stored file is hashed again first, so the manifest and the index flag one whose bytes no longer
// match the hash recorded on arrival; while zipping, each is hashed once more, and one that changed in
// between stops the download rather than pass unflagged. Nothing is held whole in memory but the
// thumbnails and the index.
import type { ZipArchive } from 'archiver';
import type { Principal } from '../auth/principal.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { safeName, uniqueNames } from '../files/names.js';
import { readWhole } from '../files/read-whole.js';
import { type FileStore, fileKey, fileStoreFor, thumbnailKey } from '../files/store.js';
import { checkedBytes, hashStored } from '../files/verify.js';
import { parseOrThrow } from '../http/validation.js';
import { type ClaimFile, type ClaimRecord, loadClaimData, makeClaimBody } from './claim-data.js';
import type { ClaimIndexJob } from './claim-index.pdf.js';
import {
  type ManifestRow,
  makeManifest,
  manifestRow,
  personName,
  type StoredCheck,
} from './claim-manifest.js';
import { fileSlug } from './format.js';
import { findProjectHeader, findUserNames, projectInLanguage } from './project-data.repository.js';
import { portZone, projectFileName, reportContext, reportThread } from './reports.service.js';

/** Store reads at once while hashing (a bucket answers each in a round trip). */
const AT_ONCE = 4;
/** Types already compressed: stored as they are. */
const COMPRESSED = /^(image\/(jpeg|png|webp|gif|avif|heic)|video\/|audio\/|application\/(zip|gzip|pdf))/;

export interface ClaimBundle {
  archive: ZipArchive;
  filename: string;
  bundleSha256: string;
  files: number;
  flagged: number;
  /** The bytes of the files in it (the ZIP is a little larger): for a progress bar. */
  bytes: number;
}

async function inTurns<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) out[index] = await run(items[index] as T);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return out;
}

function folderOf(record: ClaimRecord, index: number): string {
  const number = String(index + 1).padStart(2, '0');
  if (record.resource === 'project') return `files/${number}_project`;
  return `files/${number}_incidence_${fileSlug(record.label).slice(0, 40) || record.id.slice(0, 8)}`;
}

/** The ZIP of the files of `rows` (those the store holds), after index.pdf and the manifests. */
async function zipOf(
  store: FileStore,
  head: { name: string; bytes: Buffer }[],
  entries: { row: ManifestRow; file: ClaimFile }[],
  comment: string,
  onError: (error: Error) => void,
): Promise<ZipArchive> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 }, forceLocalTime: false, comment });
  for (const item of head) archive.append(item.bytes, { name: item.name });
  let index = 0;
  // One file at a time: appending all at once would open every file (every bucket request) together.
  const appendNext = async () => {
    const entry = entries[index++];
    if (!entry) return void archive.finalize().catch(() => {});
    const { row, file } = entry;
    const key = fileKey(file.id);
    const source = await store.read(key);
    if (!source || !row.path) return archive.destroy(new Error(`${key} left the file store while zipping`));
    // The bytes hashed a moment ago: a change since stops the download.
    archive.append(checkedBytes(source, key, row.stored_sha256), {
      name: row.path,
      store: COMPRESSED.test(file.content_type),
      date: new Date(file.created_at),
    });
  };
  let appended = head.length;
  archive.on('entry', () => {
    appended--;
    if (appended <= 0) appendNext().catch((error: Error) => archive.destroy(error));
  });
  archive.on('error', (error) => {
    onError(error);
    archive.destroy(error);
  });
  if (head.length === 0) await appendNext();
  return archive;
}

export async function makeClaimBundle(
  database: Database,
  config: Config,
  principal: Principal | null,
  projectId: string,
  rawBody: unknown,
  acceptLanguage: string | undefined,
  onError: (error: Error) => void,
): Promise<ClaimBundle> {
  const { db } = database;
  const found = await findProjectHeader(db, principal, projectId);
  const body = parseOrThrow(makeClaimBody, rawBody ?? {});
  const context = reportContext(body, acceptLanguage, config, portZone(found.refs.port));
  const project = projectInLanguage(found, context.language);
  const data = await loadClaimData(db, project.id, body);
  const store = await fileStoreFor(config);
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
  const rows = records.flatMap((record) => record.rows);
  const maker =
    principal?.kind === 'user'
      ? (await findUserNames(db, [principal.userId])).get(principal.userId)
      : undefined;
  const madeBy = personName(maker) || (principal?.kind === 'account' ? 'API token' : '');
  const title = [project.code, project.name].filter(Boolean).join(' · ');
  const manifest = makeManifest(
    {
      project: {
        id: project.id,
        code: project.code,
        name: project.name,
        vessel: vesselName(found.refs.vessel),
      },
      made_at: context.now.toISOString(),
      made_by: madeBy,
      time_zone: context.clock.timeZone,
    },
    rows,
  );
  const photos = entries.filter(({ file }) => file.is_image);
  const thumbnails = await inTurns(photos, async ({ file }) => ({
    id: file.id,
    bytes: await readWhole(store, thumbnailKey(file.id)),
  }));
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
  const index = Buffer.from(await reportThread.run(job));
  const head = [
    { name: 'index.pdf', bytes: index },
    { name: 'manifest.json', bytes: manifest.json },
    { name: 'manifest.csv', bytes: manifest.csv },
  ];
  const comment = `SHA-256 of manifest.json (bundle hash): ${manifest.bundleSha256}`;
  return {
    archive: await zipOf(store, head, entries, comment, onError),
    filename: projectFileName(context.t('claim.filename'), project, context, 'zip'),
    bundleSha256: manifest.bundleSha256,
    files: rows.length,
    flagged: rows.filter((row) => row.integrity !== 'intact').length,
    bytes: entries.reduce((sum, { row }) => sum + row.size, 0),
  };
}

function vesselName(vessel: unknown): string | null {
  const name = (vessel as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : null;
}
