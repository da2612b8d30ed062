// Report files (spreadsheets of a project, the container report PDF):
//   POST /api/project/<id>/make_coil_report/       .xlsx  body {language?, report?, time_zone?}
//   POST /api/project/<id>/make_sof_report/        .xlsx  body {language?, report?, time_zone?}
//   POST /api/project/<id>/make_prompter_report/   .xlsx  body {language?, report?, time_zone?}
//   POST /api/project/<id>/make_sof_pdf/           .pdf   body {language?, report?, time_zone?, signed?}
//   POST /api/container-report/<id>/make_container_report/  .pdf  body {language?, time_zone?}
//   POST /api/project/<id>/make_claim_bundle/      .zip   body {language?, time_zone?, incidences?, project_files?}
//   POST /api/<record>/<id>/make_claim_bundle/     .zip   body {language?, time_zone?}: one record's files
//        (every resource that carries attachments but project; streamed; its hash in x-bundle-sha256)
// The file comes back with Content-Disposition and x-suggested-filename. 404 for a record the caller
// cannot read; 400 (DRF field errors) for a bad body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachmentParents } from '../../src/domain/attachment.js';
import type { AppContext } from '../context.js';
import { downloadHeaders } from '../files/names.js';
import type { ClaimBundle } from './claim-bundle.service.js';
import { claimBundleDoc, recordClaimBundleDoc, reportDoc } from './reports.openapi.js';
import type { MadeFile, ProjectReportKind } from './reports.service.js';

// ExcelJS, pdfkit and sharp load with the first report asked for, so an idle server does not carry them.
const projectReports = () => import('./reports.service.js');
const containerReports = () => import('./container-report.service.js');
const sofPdfs = () => import('./sof-pdf.service.js');
const claimBundles = () => import('./claim-bundle.service.js');

type IdParams = { id: string };
// Documented only: a malformed id is a 404, as for a record the caller cannot read.
const idParams = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] };

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

/** Makes the file of record `id` for who asks, from the request's body and Accept-Language. */
type MakeFile = (
  principal: FastifyRequest['principal'],
  id: string,
  body: unknown,
  acceptLanguage: string | undefined,
) => Promise<MadeFile>;

export async function reportRoutes(app: FastifyInstance, { database, config }: AppContext) {
  const fileRoute = (path: string, doc: ReturnType<typeof reportDoc>, make: MakeFile) =>
    app.post<{ Params: IdParams }>(path, { schema: { ...doc, params: idParams } }, async (request, reply) =>
      sendMade(
        reply,
        await make(request.principal, request.params.id, request.body, acceptLanguage(request)),
      ),
    );

  const kinds: [ProjectReportKind, string, string][] = [
    ['coil', 'make_coil_report', 'makeCoilReport'],
    ['sof', 'make_sof_report', 'makeSofReport'],
    ['prompter', 'make_prompter_report', 'makePrompterReport'],
  ];
  for (const [kind, path, operationId] of kinds)
    fileRoute(
      `/project/:id/${path}/`,
      reportDoc(operationId, `Download the ${kind} report spreadsheet of a project`, 'xlsx'),
      async (principal, id, body, language) =>
        (await projectReports()).makeProjectReport(database, config, principal, kind, id, body, language),
    );
  fileRoute(
    '/project/:id/make_sof_pdf/',
    reportDoc('makeSofPdf', 'Download the statement of facts PDF, signed or to sign', 'sof-pdf'),
    async (...made) => (await sofPdfs()).makeSofPdf(database, config, ...made),
  );
  fileRoute(
    '/container-report/:id/make_container_report/',
    reportDoc('makeContainerReport', 'Download the container report PDF', 'pdf'),
    async (...made) => (await containerReports()).makeContainerReport(database, config, ...made),
  );

  const sendBundle = (reply: FastifyReply, bundle: ClaimBundle) => {
    // A client that goes away stops the work.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) bundle.archive.abort();
    });
    return reply
      .headers({
        ...downloadHeaders(bundle.filename),
        'content-type': 'application/zip',
        'cache-control': 'no-store',
        'x-bundle-sha256': bundle.bundleSha256,
        'x-bundle-files': String(bundle.files),
        'x-bundle-flagged': String(bundle.flagged),
        'x-bundle-bytes': String(bundle.bytes),
      })
      .send(bundle.archive);
  };
  const stopped = (request: FastifyRequest) => (error: Error) =>
    request.log.error({ err: error }, 'claim bundle stopped');

  app.post<{ Params: IdParams }>(
    '/project/:id/make_claim_bundle/',
    { schema: { ...claimBundleDoc, params: idParams } },
    async (request, reply) =>
      sendBundle(
        reply,
        await (await claimBundles()).makeClaimBundle(
          database,
          config,
          request.principal,
          request.params.id,
          request.body,
          acceptLanguage(request),
          stopped(request),
        ),
      ),
  );
  // The project's own files are its bundle with project_files and no incidence (the route above).
  for (const resource of attachmentParents.filter((name) => name !== 'project'))
    app.post<{ Params: IdParams }>(
      `/${resource}/:id/make_claim_bundle/`,
      { schema: { ...recordClaimBundleDoc(resource), params: idParams } },
      async (request, reply) =>
        sendBundle(
          reply,
          await (await claimBundles()).makeRecordClaimBundle(
            database,
            config,
            request.principal,
            resource,
            request.params.id,
            request.body,
            acceptLanguage(request),
            stopped(request),
          ),
        ),
    );
}
