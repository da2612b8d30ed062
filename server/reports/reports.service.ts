// Making the project spreadsheets: who may, in which language and time zone, from which rows.
import { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import { parseOrThrow } from '../http/validation.js';
import { type CoilReportRow, coilReportWorkbook } from './coil-report.js';
import { fileSlug, isTimeZone } from './format.js';
import type { ReportContext } from './header.js';
import { pickLanguage, reportLanguages, type TextKey, translator } from './i18n.js';
import {
  findProjectHeader,
  findProjectReport,
  findUserNames,
  loadProjectData,
  loadProjectDetails,
  type ProjectHeader,
  projectInLanguage,
} from './project-data.repository.js';
import { prompterReportWorkbook } from './prompter-report.js';
import { findPrompterFilter, findSofReport } from './report-rows.repository.js';
import { sofReportWorkbook } from './sof-report.js';
import type { ReportBook } from './xlsx.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body of every make_*_report call; all optional. */
export const makeReportBody = z.object({
  language: z.enum(reportLanguages).optional(),
  /** The coil, SOF or prompter report (of this project) the file is made for. */
  report: z.string().regex(UUID, 'Must be a valid UUID.').nullable().optional(),
  /** IANA zone the dates and times are written in (the device's); UTC when absent. */
  time_zone: z.string().max(64).refine(isTimeZone, 'Unknown time zone.').optional(),
});
export type MakeReportBody = z.infer<typeof makeReportBody>;

export interface MadeFile {
  buffer: Buffer;
  filename: string;
  contentType: string;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ProjectReportKind = 'coil' | 'sof' | 'prompter';

/** Language, clock and texts for a request. */
export function reportContext(body: MakeReportBody, acceptLanguage: string | undefined): ReportContext {
  const language = pickLanguage(body.language, acceptLanguage);
  return {
    t: translator(language),
    clock: { timeZone: body.time_zone ?? 'UTC', locale: language },
    now: new Date(),
  };
}

function fileName(prefix: string, project: ProjectHeader, context: ReportContext, extension: string): string {
  const stamp = context.now.toISOString().slice(0, 10);
  return `${[prefix, fileSlug(project.code ?? project.name), stamp].filter(Boolean).join('_')}.${extension}`;
}

const notInProject = () => new ValidationError({ report: ['No such report in this project.'] });

export async function makeProjectReport(
  database: Database,
  principal: Principal | null,
  kind: ProjectReportKind,
  projectId: string,
  rawBody: unknown,
  acceptLanguage: string | undefined,
): Promise<MadeFile> {
  const { db } = database;
  const found = await findProjectHeader(db, principal, projectId);
  const body = parseOrThrow(makeReportBody, rawBody);
  const context = reportContext(body, acceptLanguage);
  const language = context.clock.locale;
  const project = projectInLanguage(found, language);
  const reportId = body.report ?? null;
  let workbook: ReportBook;
  if (kind === 'coil') {
    const report = reportId
      ? await findProjectReport<CoilReportRow>(db, 'coil_report', project.id, reportId)
      : undefined;
    if (reportId && !report) throw notInProject();
    const data = await loadProjectData(db, project, language);
    workbook = await coilReportWorkbook(data, report, context);
  } else if (kind === 'sof') {
    const report = reportId ? await findSofReport(db, project.id, reportId, language) : undefined;
    if (reportId && !report) throw notInProject();
    const data = await loadProjectData(db, project, language);
    workbook = await sofReportWorkbook(data, report, context);
  } else {
    const filter = reportId ? await findPrompterFilter(db, project.id, reportId) : undefined;
    if (reportId && !filter) throw notInProject();
    const data = await loadProjectDetails(db, project, language);
    const prompters = new Set<string>();
    for (const item of data.packingList)
      if (item.validation_prompter_identifier) prompters.add(item.validation_prompter_identifier);
    workbook = await prompterReportWorkbook(data, filter, await findUserNames(db, [...prompters]), context);
  }
  const prefix: TextKey =
    kind === 'coil' ? 'coil.filename' : kind === 'sof' ? 'sof.filename' : 'prompter.filename';
  return {
    buffer: await workbook.toBuffer(),
    filename: fileName(context.t(prefix), project, context, 'xlsx'),
    contentType: XLSX_TYPE,
  };
}
