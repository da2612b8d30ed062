// Making the container report PDF: who may, in which language, with which photos.
import type { z } from 'zod';
import type { Principal } from '../auth/principal.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { readWhole } from '../files/read-whole.js';
import { fileKey, fileStoreFor } from '../files/store.js';
import { parseOrThrow } from '../http/validation.js';
import { containerReportPdf } from './container-report.pdf.js';
import { containerInLanguage, findContainerReport, listPhotos } from './container-report.repository.js';
import { fileSlug } from './format.js';
import { preparePhotos } from './photos.js';
import { type MadeFile, makeReportBody, reportContext } from './reports.service.js';

/** language and time_zone as for the spreadsheets; a container report has no `report`. */
export const makeContainerReportBody = makeReportBody.omit({ report: true });

export async function makeContainerReport(
  database: Database,
  config: Config,
  principal: Principal | null,
  id: string,
  rawBody: unknown,
  acceptLanguage: string | undefined,
): Promise<MadeFile> {
  const found = await findContainerReport(database.db, principal, id);
  const body: z.infer<typeof makeContainerReportBody> = parseOrThrow(makeContainerReportBody, rawBody);
  const { t, clock, now } = reportContext(body, acceptLanguage, config);
  const report = containerInLanguage(found, clock.locale);
  const store = await fileStoreFor(config);
  const rows = await listPhotos(database.db, report.id);
  const photos = await preparePhotos(
    rows.map((row) => ({
      source: () => readWhole(store, fileKey(row.id)),
      caption: row.description || row.name,
    })),
  );
  const buffer = await containerReportPdf({ report, photos, t, clock, now });
  const number = fileSlug(report.container_number) || report.id;
  return { buffer, filename: `${t('container.filename')}_${number}.pdf`, contentType: 'application/pdf' };
}
