// A claim bundle's manifest: one row per file (where it is in the ZIP, its SHA-256 recorded on arrival
// and recomputed now, who, when, where, with which device, the record it documents, whether it was
// altered before arrival or edited after), as JSON and CSV. The bundle's hash is the SHA-256 of
// manifest.json, which names every file's hash and the CSV's: quoting it pins the whole bundle.
import { createHash } from 'node:crypto';
import type { ClaimData, ClaimFile, ClaimRecord } from './claim-data.js';
import type { UserName } from './project-data.repository.js';

/** What the stored bytes are now: those recorded on arrival, others, or gone. */
type Integrity = 'intact' | 'changed' | 'missing';

export interface StoredCheck {
  /** SHA-256 of the bytes the store holds now; null when it holds none. */
  sha256: string | null;
  size: number | null;
}

export interface ManifestRow {
  path: string | null;
  attachment_id: string;
  record_resource: string;
  record_id: string;
  record_label: string;
  name: string;
  description: string;
  content_type: string;
  size: number;
  sha256: string;
  stored_sha256: string;
  integrity: Integrity;
  capture_sha256: string;
  altered_since_capture: boolean;
  edited_since_upload: boolean;
  edited_at: string;
  edited_by: string;
  captured_at: string;
  arrived_at: string;
  author: string;
  author_username: string;
  capture_device: string;
  latitude: string;
  longitude: string;
  accuracy_m: string;
  zone: string;
}

export interface ManifestHeader {
  /** Null for a container report of no project. */
  project: { id: string; code: string | null; name: string; vessel: string | null } | null;
  made_at: string;
  made_by: string;
  time_zone: string;
}

const COLUMNS: (keyof ManifestRow)[] = [
  'path',
  'attachment_id',
  'record_resource',
  'record_id',
  'record_label',
  'name',
  'description',
  'content_type',
  'size',
  'sha256',
  'stored_sha256',
  'integrity',
  'capture_sha256',
  'altered_since_capture',
  'edited_since_upload',
  'edited_at',
  'edited_by',
  'captured_at',
  'arrived_at',
  'author',
  'author_username',
  'capture_device',
  'latitude',
  'longitude',
  'accuracy_m',
  'zone',
];

export const personName = (user: UserName | undefined) =>
  user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username : '';

function integrityOf(file: ClaimFile, stored: StoredCheck): Integrity {
  if (stored.sha256 === null) return 'missing';
  return stored.sha256 === file.sha256 ? 'intact' : 'changed';
}

/** The manifest's row of one file (`path`: its place in the ZIP, null when the store has no bytes). */
export function manifestRow(
  file: ClaimFile,
  record: ClaimRecord,
  stored: StoredCheck,
  path: string | null,
  users: ClaimData['users'],
): ManifestRow {
  const author = file.created_by ? users.get(file.created_by) : undefined;
  // A version past 1 is a change of the record's text (the bytes never change under an id).
  const edited = file.version > 1;
  return {
    path,
    attachment_id: file.id,
    record_resource: record.resource,
    record_id: record.id,
    record_label: record.label,
    name: file.name,
    description: file.description ?? '',
    content_type: file.content_type,
    size: file.size,
    sha256: file.sha256,
    stored_sha256: stored.sha256 ?? '',
    integrity: integrityOf(file, stored),
    capture_sha256: file.capture_sha256 ?? '',
    altered_since_capture: file.altered,
    edited_since_upload: edited,
    edited_at: edited ? file.updated_at : '',
    edited_by: edited && file.updated_by ? personName(users.get(file.updated_by)) : '',
    captured_at: file.captured_at ?? '',
    arrived_at: file.created_at,
    author: personName(author),
    author_username: author?.username ?? '',
    capture_device: file.capture_device ?? '',
    latitude: file.capture_latitude ?? '',
    longitude: file.capture_longitude ?? '',
    accuracy_m: file.capture_accuracy ?? '',
    zone: file.zone ?? '',
  };
}

/** RFC 4180 CSV; a leading =, +, - or @ is quoted behind an apostrophe so a spreadsheet does not run it. */
function csvCell(value: ManifestRow[keyof ManifestRow]): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function manifestCsv(rows: readonly ManifestRow[]): Buffer {
  const lines = [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((key) => csvCell(row[key])).join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface Manifest {
  csv: Buffer;
  json: Buffer;
  /** SHA-256 of `json`: the bundle's hash. */
  bundleSha256: string;
}

export function makeManifest(header: ManifestHeader, rows: readonly ManifestRow[]): Manifest {
  const csv = manifestCsv(rows);
  const document = {
    format: 'karbontrack-claim-bundle/1',
    ...header,
    hash_algorithm: 'SHA-256',
    how_to_check:
      'The bundle hash is the SHA-256 of this file (manifest.json). Each file listed with a path has the sha256 given; manifest.csv has the sha256 given in manifest_csv_sha256.',
    manifest_csv_sha256: sha256Of(csv),
    files_count: rows.length,
    flagged_count: rows.filter((row) => row.integrity !== 'intact').length,
    files: rows,
  };
  const json = Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8');
  return { csv, json, bundleSha256: sha256Of(json) };
}
