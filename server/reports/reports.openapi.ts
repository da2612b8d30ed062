// OpenAPI text of the report downloads (the zod that validates the body lives with the report code,
// which loads only with the first report asked for).
import { API_TAGS } from '../resources/engine/api-names.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const body = (withReport: boolean, signed = false) => ({
  type: 'object',
  properties: {
    language: { type: 'string', enum: ['en', 'es'], description: 'Else Accept-Language, else en.' },
    ...(withReport
      ? {
          report: {
            type: ['string', 'null'],
            format: 'uuid',
            description: 'The report record of this project the file is made for (the latest when absent).',
          },
        }
      : {}),
    ...(signed
      ? {
          signed: {
            type: 'string',
            pattern: '^[0-9a-f]{64}$',
            description:
              'The content hash (SHA-256) of a signed version: the PDF of that version as it was signed, with its signatures.',
          },
        }
      : {}),
    time_zone: {
      type: 'string',
      maxLength: 64,
      description:
        "IANA time zone of the device: the dates and times are written in it when the record's port has no time zone (UTC when absent).",
      examples: ['Europe/Madrid'],
    },
  },
  description: 'All optional: send {} for the defaults.',
});

const file = (type: string, what: string) => ({
  description: `${what}, named in Content-Disposition and x-suggested-filename.`,
  headers: {
    'Content-Disposition': { type: 'string', description: 'attachment; filename="…"' },
    'x-suggested-filename': { type: 'string', description: 'The file name alone.' },
  },
  content: { [type]: { schema: { type: 'string', contentMediaType: type } } },
});

const DESCRIPTIONS = {
  xlsx: "The spreadsheet of the project's report, made now from the synced data, in the language asked for. A customer token may download its own projects' reports.",
  pdf: 'The PDF of the container report: letterhead, container number and its ISO 6346 check, vessel, port, inspector, checklist with damage, photos, signature, in the language asked for.',
  'sof-pdf':
    'The statement of facts PDF (BIMCO/FONASBA layout) of a SOF report of the project: with the signatures made on the tablet when they are of this very content; marked amended, with empty boxes to sign again, when it changed after signing; or, with `signed`, the signed version as it was signed.',
};

export function reportDoc(operationId: string, summary: string, kind: 'xlsx' | 'pdf' | 'sof-pdf') {
  return {
    operationId,
    tags: [API_TAGS.reports],
    summary,
    description: DESCRIPTIONS[kind],
    body: body(kind !== 'pdf', kind === 'sof-pdf'),
    response: { 200: kind === 'xlsx' ? file(XLSX, 'The .xlsx file') : file('application/pdf', 'The PDF') },
  };
}
