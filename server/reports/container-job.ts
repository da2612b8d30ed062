// The container report PDF as a job of the reports' worker thread (report-worker.ts): the report, its
// photos already made JPEGs by sharp, the logo and the signature cross as plain values and bytes, and
// PDFKit lays the pages out there, so a report of many photos never holds the thread answering requests.
import { type ContainerPdfInput, containerReportPdf } from './container-report.pdf.js';
import { type JobCommon, jobContext } from './workbook-job.js';

export type ContainerPdfJob = JobCommon & { kind: 'container-pdf' } & Omit<ContainerPdfInput, 'context'>;

/** Bytes that crossed threads arrive as a Uint8Array: a Buffer over the same memory for PDFKit. */
const asBuffer = (bytes: Uint8Array | null): Buffer | null =>
  bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The PDF's bytes. */
export function buildContainerPdf(job: ContainerPdfJob): Promise<Buffer> {
  return containerReportPdf({
    report: job.report,
    photos: job.photos.map((photo) => ({ ...photo, jpeg: asBuffer(photo.jpeg) })),
    logo: asBuffer(job.logo),
    signature: asBuffer(job.signature),
    names: job.names,
    context: jobContext(job),
  });
}
