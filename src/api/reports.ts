// Report files made by the server (online only): a project's coil, SOF and prompter spreadsheets and the
// container report PDF, and a claim bundle ZIP, saved under the name the server suggests (x-suggested-filename).
import type { AttachmentParentRef } from './attachments';
import { api } from './client';
import { downloadFile, saveBlob, suggestedFilename } from './download';

export type ProjectReportKind = 'coil_report' | 'sof_report' | 'prompter_report';

export interface ReportOptions {
  language?: 'en' | 'es';
  /** The id of the report row the file is made for. */
  report?: string;
  /** IANA zone for the file's dates and times. */
  time_zone?: string;
}

/** The browser's IANA time zone, or undefined when it cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** POST project/<id>/make_<kind>/: the spreadsheet, saved; resolves with its file name. */
export function makeProjectReport(projectId: string, kind: ProjectReportKind, options: ReportOptions) {
  return downloadFile(`project/${projectId}/make_${kind}/`, {
    method: 'post',
    json: options,
    timeout: 120_000,
  });
}

/** POST container-report/<id>/make_container_report/: the PDF, saved; resolves with its file name. */
export function makeContainerReport(reportId: string, options: Omit<ReportOptions, 'report'>) {
  return downloadFile(`container-report/${reportId}/make_container_report/`, {
    method: 'post',
    json: options,
    timeout: 120_000,
  });
}

/** POST project/<id>/make_sof_pdf/: the statement of facts PDF (of a signed version with `signed`), saved. */
export function makeSofPdf(projectId: string, options: ReportOptions & { signed?: string }) {
  return downloadFile(`project/${projectId}/make_sof_pdf/`, {
    method: 'post',
    json: options,
    timeout: 120_000,
  });
}

export interface ClaimBundleOptions {
  language?: 'en' | 'es';
  time_zone?: string;
  /** The incidences whose files go in; every incidence of the project when absent. */
  incidences?: string[];
  /** The project's own photos and documents too. */
  project_files?: boolean;
}

export interface ClaimBundleMade {
  filename: string;
  /** SHA-256 of the bundle's manifest.json: the hash to quote in the claim. */
  sha256: string;
  files: number;
  /** Files whose stored bytes no longer match the hash recorded on arrival (or are missing). */
  flagged: number;
}

/** The language and zone of a bundle's index (for one record's bundle, all its body takes). */
export type ClaimIndexOptions = Pick<ClaimBundleOptions, 'language' | 'time_zone'>;

/**
 * POST project/<id>/make_claim_bundle/: the ZIP of a project's incidences, saved. `onProgress` is told
 * the share received (0 to 1; the server gives the files' bytes in x-bundle-bytes, the ZIP streams
 * without a length).
 */
export function makeClaimBundle(
  projectId: string,
  options: ClaimBundleOptions,
  onProgress: (share: number) => void,
): Promise<ClaimBundleMade> {
  return downloadBundle(`project/${projectId}/make_claim_bundle/`, options, onProgress);
}

/**
 * The claim bundle of one record's files (its "Download all"): POST <resource>/<id>/make_claim_bundle/;
 * a project's own files are its bundle with no incidence and project_files.
 */
export function makeRecordClaimBundle(
  parent: AttachmentParentRef,
  options: ClaimIndexOptions,
  onProgress: (share: number) => void,
): Promise<ClaimBundleMade> {
  if (parent.resource === 'project')
    return makeClaimBundle(parent.id, { ...options, incidences: [], project_files: true }, onProgress);
  return downloadBundle(`${parent.resource}/${parent.id}/make_claim_bundle/`, options, onProgress);
}

async function downloadBundle(
  path: string,
  options: ClaimBundleOptions,
  onProgress: (share: number) => void,
): Promise<ClaimBundleMade> {
  let total = 0;
  const response = await api(path, {
    method: 'post',
    json: options,
    timeout: false,
    onDownloadProgress: ({ transferredBytes }) => {
      if (total > 0) onProgress(Math.min(1, transferredBytes / total));
    },
  });
  total = Number(response.headers.get('x-bundle-bytes') ?? 0);
  const filename = suggestedFilename(response.headers, 'claim_bundle.zip');
  saveBlob(await response.blob(), filename);
  onProgress(1);
  return {
    filename,
    sha256: response.headers.get('x-bundle-sha256') ?? '',
    files: Number(response.headers.get('x-bundle-files') ?? 0),
    flagged: Number(response.headers.get('x-bundle-flagged') ?? 0),
  };
}
