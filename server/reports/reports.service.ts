// Making the project spreadsheets: who may, in which language and time zone, from which rows.
import { z } from 'zod';
import { isUuid } from '../../src/domain/ids.js';
import type { Principal } from '../auth/principal.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import { parseOrThrow } from '../http/validation.js';
import { say } from '../i18n/message.js';
import { jobThread } from '../workers/job-thread.js';
import type { CoilReportRow } from './coil-report.js';
import { fileSlug, isTimeZone } from './format.js';
import type { ReportContext } from './header.js';
import { pickLanguage, reportLanguages, type TextKey, translator } from './i18n.js';
import {
  findProjectHeader,
  findProjectReport,
  findUserNames,
  loadProjectCoils,
  loadProjectData,
  loadProjectDetails,
  type ProjectHeader,
  projectInLanguage,
} from './project-data.repository.js';
import { findPrompterFilter, findTallyRefusals } from './report-rows.repository.js';
import type { ReportJob } from './report-worker.js';
import { findSofReport, loadSofContent } from './sof-data.js';
import type { WorkbookJob } from './workbook-job.js';

/** The body of every make_*_report call; all optional. */
export const makeReportBody = z.object({
  language: z.enum(reportLanguages).optional(),
  /** The coil, SOF or prompter report (of this project) the file is made for. */
  report: z.string().refine(isUuid, 'field.uuid').nullable().optional(),
  /** IANA zone the dates and times are written in (the device's); UTC when absent. */
  time_zone: z.string().max(64).refine(isTimeZone, 'report.time_zone').optional(),
});
export type MakeReportBody = z.infer<typeof makeReportBody>;

export interface MadeFile {
  buffer: Buffer;
  filename: string;
  contentType: string;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ProjectReportKind = 'coil' | 'sof' | 'prompter';

/** Language, clock, texts and letterhead for a request; times in `zone` when the record has one. */
export function reportContext(
  body: MakeReportBody,
  acceptLanguage: string | undefined,
  config: Config,
  zone?: string | null,
): ReportContext {
  const language = pickLanguage(body.language, acceptLanguage);
  return {
    t: translator(language),
    language,
    // The port's zone; the device's (sent by the app) where the record has no port; else UTC.
    clock: { timeZone: zone || body.time_zone || 'UTC', locale: language },
    now: new Date(),
    company: config.company.name,
  };
}

/** The IANA zone of a port row, or null when it has none (or there is no port). */
export function portZone(port: Readonly<Record<string, unknown>> | null | undefined): string | null {
  const zone = port?.time_zone;
  return typeof zone === 'string' && zone ? zone : null;
}

/** `<prefix>_<project code or name>_<date made>[_<suffix>].<extension>` */
export function projectFileName(
  prefix: string,
  project: ProjectHeader,
  context: ReportContext,
  extension: string,
  suffix?: string,
): string {
  const stamp = context.now.toISOString().slice(0, 10);
  return `${[prefix, fileSlug(project.code ?? project.name), stamp, suffix].filter(Boolean).join('_')}.${extension}`;
}

// The spreadsheets are built in a worker thread (workbook-job.ts); the rows are read here.
/** The reports' worker thread: spreadsheets, and claim bundle indexes (claim-bundle.service.ts). */
export const reportThread = jobThread<ReportJob, ArrayBuffer>('report-worker');

const notInProject = () => new ValidationError({ report: [say('report.not_in_project')] });

export async function makeProjectReport(
  database: Database,
  config: Config,
  principal: Principal | null,
  kind: ProjectReportKind,
  projectId: string,
  rawBody: unknown,
  acceptLanguage: string | undefined,
): Promise<MadeFile> {
  const { db } = database;
  const found = await findProjectHeader(db, principal, projectId);
  const body = parseOrThrow(makeReportBody, rawBody);
  // Times in the port's zone (the device's when the port has none).
  const context = reportContext(body, acceptLanguage, config, portZone(found.refs.port));
  const language = context.language;
  const project = projectInLanguage(found, language);
  const reportId = body.report ?? null;
  const common = {
    language,
    timeZone: context.clock.timeZone,
    now: context.now.toISOString(),
    company: context.company,
  };
  let job: WorkbookJob;
  if (kind === 'coil') {
    const report = reportId
      ? await findProjectReport<CoilReportRow>(db, 'coil_report', project.id, reportId)
      : undefined;
    if (reportId && !report) throw notInProject();
    const [data, refusals] = await Promise.all([
      loadProjectCoils(db, project, language),
      findTallyRefusals(db, project.id),
    ]);
    job = { ...common, kind, report, refusals, data };
  } else if (kind === 'sof') {
    const report = reportId ? await findSofReport(db, project.id, reportId) : undefined;
    if (reportId && !report) throw notInProject();
    const data = await loadProjectData(db, project, language);
    job = { ...common, kind, content: await loadSofContent(db, data, report, context.clock.timeZone) };
  } else {
    const filter = reportId ? await findPrompterFilter(db, project.id, reportId) : undefined;
    if (reportId && !filter) throw notInProject();
    const data = await loadProjectDetails(db, project, language);
    const prompters = new Set<string>();
    for (const item of data.packingList)
      if (item.validation_prompter_identifier) prompters.add(item.validation_prompter_identifier);
    job = { ...common, kind, filter, data, users: await findUserNames(db, [...prompters]) };
  }
  const prefix: TextKey =
    kind === 'coil' ? 'coil.filename' : kind === 'sof' ? 'sof.filename' : 'prompter.filename';
  return {
    buffer: Buffer.from(await reportThread.run(job)),
    filename: projectFileName(context.t(prefix), project, context, 'xlsx'),
    contentType: XLSX_TYPE,
  };
}
