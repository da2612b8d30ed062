// OpenAPI text of the report downloads (the zod that validates the body lives with the report code,
// which loads only with the first report asked for).
import { API_TAGS } from '../resources/engine/api-names.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const body = (withReport: boolean) => ({
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
    time_zone: {
      type: 'string',
      maxLength: 64,
      description: 'IANA time zone the dates and times are written in (UTC when absent).',
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

export function reportDoc(operationId: string, summary: string, kind: 'xlsx' | 'pdf') {
  return {
    operationId,
    tags: [API_TAGS.reports],
    summary,
    description:
      kind === 'xlsx'
        ? "The spreadsheet of the project's report, made now from the synced data, in the language asked for. A customer token may download its own projects' reports."
        : 'The PDF of the container report: checklist, damage, photos, inspector and date, in the language asked for.',
    body: body(kind === 'xlsx'),
    response: { 200: kind === 'xlsx' ? file(XLSX, 'The .xlsx file') : file('application/pdf', 'The PDF') },
  };
}
