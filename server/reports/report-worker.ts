// The reports' worker thread (server/workers/entries.json): builds spreadsheets (workbook-job.ts) and
// hands their bytes back to the server's thread without a copy.
import { serveJobs } from '../workers/serve-jobs.js';
import { buildWorkbook, type WorkbookJob } from './workbook-job.js';

serveJobs(async (payload) => {
  const bytes = await buildWorkbook(payload as unknown as WorkbookJob);
  // A buffer of its own (a Buffer may be a view of a shared pool), handed over whole.
  const { buffer } = new Uint8Array(bytes);
  return { result: buffer, transfer: [buffer] };
});
