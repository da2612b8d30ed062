// Report files made by the server (online only): a project's coil, SOF and prompter spreadsheets and the
// container report PDF, saved under the name the server suggests (x-suggested-filename).
import { downloadFile } from './download';

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
