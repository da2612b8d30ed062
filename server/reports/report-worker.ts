// The reports' worker thread (server/workers/entries.json): builds spreadsheets (workbook-job.ts), the
// container report PDF (container-job.ts) and claim bundle indexes (claim-index.pdf.ts), and hands
// their bytes back to the server's thread without a copy.
import { serveJobs } from '../workers/serve-jobs.js';
import { buildClaimIndex, type ClaimIndexJob } from './claim-index.pdf.js';
import { buildContainerPdf, type ContainerPdfJob } from './container-job.js';
import { buildWorkbook, type WorkbookJob } from './workbook-job.js';

export type ReportJob = WorkbookJob | ClaimIndexJob | ContainerPdfJob;

serveJobs(async (payload) => {
  const job = payload as unknown as ReportJob;
  const bytes =
    job.kind === 'claim-index'
      ? await buildClaimIndex(job)
      : job.kind === 'container-pdf'
        ? await buildContainerPdf(job)
        : await buildWorkbook(job);
  // A buffer of its own (a Buffer may be a view of a shared pool), handed over whole.
  const { buffer } = new Uint8Array(bytes);
  return { result: buffer, transfer: [buffer] };
});
