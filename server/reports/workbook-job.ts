// A project spreadsheet made from rows already read: what the reports' worker thread runs
// (report-worker.ts), so building 20,000 rows of cells and zipping them never holds the thread that
// answers requests. Everything in a job crosses threads as plain values (the translator is made here).
import type { SofContent } from '../../src/domain/sof/content.js';
import type { Refusal } from './coil-list.js';
import { type CoilReportRow, coilReportWorkbook } from './coil-report.js';
import type { ReportContext } from './header.js';
import { type ReportLanguage, translator } from './i18n.js';
import type { PackingCoil, PackingDetail, ProjectData, UserName } from './project-data.repository.js';
import { type PrompterFilter, prompterReportWorkbook } from './prompter-report.js';
import { sofReportWorkbook } from './sof-report.js';
import type { ReportBook } from './xlsx.js';

export interface JobCommon {
  language: ReportLanguage;
  timeZone: string;
  /** When the file is made, ISO 8601. */
  now: string;
  /** The letterhead's company name. */
  company: string;
}

export type WorkbookJob = JobCommon &
  (
    | {
        kind: 'coil';
        data: ProjectData<PackingCoil>;
        report: CoilReportRow | undefined;
        refusals: Refusal[];
      }
    | { kind: 'sof'; content: SofContent }
    | {
        kind: 'prompter';
        data: ProjectData<PackingDetail>;
        filter: PrompterFilter | undefined;
        users: Map<string, UserName>;
      }
  );

/** The report context of a job, made in the worker (a translator does not cross threads). */
export function jobContext(job: JobCommon): ReportContext {
  return {
    t: translator(job.language),
    language: job.language,
    company: job.company,
    clock: { timeZone: job.timeZone, locale: job.language },
    now: new Date(job.now),
  };
}

/** The spreadsheet's bytes. */
export async function buildWorkbook(job: WorkbookJob): Promise<Buffer> {
  const context = jobContext(job);
  let book: ReportBook;
  if (job.kind === 'coil') book = await coilReportWorkbook(job.data, job.report, job.refusals, context);
  else if (job.kind === 'sof') book = await sofReportWorkbook(job.content, context);
  else book = await prompterReportWorkbook(job.data, job.filter, job.users, context);
  return book.toBuffer();
}
