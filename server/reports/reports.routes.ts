// Report files (spreadsheets of a project, the container report PDF):
//   POST /api/project/<id>/make_coil_report/       .xlsx  body {language?, report?, time_zone?}
//   POST /api/project/<id>/make_sof_report/        .xlsx  body {language?, report?, time_zone?}
//   POST /api/project/<id>/make_prompter_report/   .xlsx  body {language?, report?, time_zone?}
//   POST /api/container-report/<id>/make_container_report/  .pdf  body {language?, time_zone?}
// The file comes back with Content-Disposition and x-suggested-filename. 404 for a record the caller
// cannot read; 400 (DRF field errors) for a bad body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { downloadHeaders } from '../files/names.js';
import type { MadeFile, ProjectReportKind } from './reports.service.js';

// ExcelJS, pdfkit and sharp load with the first report asked for, so an idle server does not carry them.
const projectReports = () => import('./reports.service.js');
const containerReports = () => import('./container-report.service.js');

type IdParams = { id: string };

function sendMade(reply: FastifyReply, file: MadeFile) {
  return reply
    .headers({
      ...downloadHeaders(file.filename),
      'content-type': file.contentType,
      'cache-control': 'no-store',
    })
    .send(file.buffer);
}

const acceptLanguage = (request: FastifyRequest) => {
  const header = request.headers['accept-language'];
  return Array.isArray(header) ? header.join(',') : header;
};

const description = (what: string) => ({
  tags: ['reports'],
  summary: what,
  description:
    'Body (all optional): language "en" | "es" (else Accept-Language, else en); report: the id of a report row ' +
    'of this project the file is made for; time_zone: IANA zone for dates and times (UTC when absent). ' +
    'Answers the file, named in Content-Disposition and x-suggested-filename.',
});

export async function reportRoutes(app: FastifyInstance, { database, config }: AppContext) {
  const kinds: [ProjectReportKind, string][] = [
    ['coil', 'make_coil_report'],
    ['sof', 'make_sof_report'],
    ['prompter', 'make_prompter_report'],
  ];
  for (const [kind, path] of kinds)
    app.post<{ Params: IdParams }>(
      `/project/:id/${path}/`,
      { schema: description(`The ${kind} report spreadsheet of a project`) },
      async (request, reply) =>
        sendMade(
          reply,
          await (await projectReports()).makeProjectReport(
            database,
            request.principal,
            kind,
            request.params.id,
            request.body,
            acceptLanguage(request),
          ),
        ),
    );

  app.post<{ Params: IdParams }>(
    '/container-report/:id/make_container_report/',
    { schema: description('The container report PDF: checklist, damage, photos, inspector and date') },
    async (request, reply) =>
      sendMade(
        reply,
        await (await containerReports()).makeContainerReport(
          database,
          config,
          request.principal,
          request.params.id,
          request.body,
          acceptLanguage(request),
        ),
      ),
  );
}
