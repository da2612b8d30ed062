// Making the container report PDF: who may, in which language, with which photos.
import type { z } from 'zod';
import { type GalleryZone, galleryZones } from '../../src/domain/enums.js';
import { uuidv7Time } from '../../src/domain/ids.js';
import { lookupLabel } from '../../src/domain/reference/label.js';
import type { Principal } from '../auth/principal.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { readWhole } from '../files/read-whole.js';
import { fileKey, fileStoreFor } from '../files/store.js';
import { parseOrThrow } from '../http/validation.js';
import type { ContainerPdfJob } from './container-job.js';
import {
  containerInLanguage,
  findContainerReport,
  inspectorName,
  listPhotos,
} from './container-report.repository.js';
import { fileSlug, formatDateTime } from './format.js';
import { companyLogo } from './letterhead.js';
import { preparePhotos, signaturePng } from './photos.js';
import { type MadeFile, makeReportBody, portZone, reportContext, reportThread } from './reports.service.js';

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
  // The port's zone; else the device's.
  const context = reportContext(body, acceptLanguage, config, portZone(found.port_row));
  const { t, clock, language } = context;
  const report = containerInLanguage(found, language);
  const store = await fileStoreFor(config);
  const rows = await listPhotos(database.db, report.id);
  const photos = await preparePhotos(
    rows.map((row) => {
      const taken = uuidv7Time(row.id);
      return {
        source: () => readWhole(store, fileKey(row.id)),
        caption: row.description || row.name,
        details: t('container.photo_taken', {
          zone: t(
            `container.zone_${(galleryZones as readonly string[]).includes(row.zone ?? '') ? (row.zone as GalleryZone) : 'uncategorized'}`,
          ),
          date: taken === null ? '' : formatDateTime(new Date(taken).toISOString(), clock),
          who: row.taken_by ?? '',
        }),
      };
    }),
  );
  // Laid out in the reports' worker thread (container-job.ts); photos, logo and signature made here.
  const job: ContainerPdfJob = {
    kind: 'container-pdf',
    language,
    timeZone: clock.timeZone,
    now: context.now.toISOString(),
    company: context.company,
    report,
    photos,
    logo: await companyLogo(config),
    signature: await signaturePng(report.signature),
    names: {
      vessel: lookupLabel('vessel', report.vessel_row, language),
      port: lookupLabel('port', report.port_row, language),
      inspector: inspectorName(report),
    },
  };
  const buffer = Buffer.from(await reportThread.run(job));
  const number = fileSlug(report.container_number) || report.id;
  return { buffer, filename: `${t('container.filename')}_${number}.pdf`, contentType: 'application/pdf' };
}
