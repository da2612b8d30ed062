// OpenAPI text of the report downloads (the zod that validates the body lives with the report code,
// which loads only with the first report asked for).
import type { AttachmentParent } from '../../src/domain/attachment.js';
import { resources } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import { API_TAGS, apiNames, pascal } from '../resources/engine/api-names.js';

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

const bundleHeader = (description: string) => ({ type: 'string', description });

export const claimBundleDoc = {
  operationId: 'makeClaimBundle',
  tags: [API_TAGS.reports],
  summary: 'Download a claim bundle: the evidence of incidences, with its manifest and hash',
  description:
    "A ZIP, streamed as it is made, for a receiver's surveyor: `files/<record>/` holds the photos and documents of the chosen incidences (and, with `project_files`, the project's own) byte for byte as stored; `manifest.json` and `manifest.csv` list each file with its SHA-256, capture time, arrival time, author, device, position, zone, the record it documents, whether its bytes differ from those hashed at capture (`altered_since_capture`) and whether its record was edited after upload; `index.pdf` has a page per incidence with the photos' thumbnails and their provenance, in the port's local time. Every stored file is hashed again: one whose bytes no longer match the hash recorded on arrival is flagged (`integrity`: `changed`, or `missing` when the store has none) in the manifest and the index, never passed silently. The bundle's hash is the SHA-256 of manifest.json (which names every file's hash and the CSV's); it is in `x-bundle-sha256`, in the index and in the ZIP's comment, to be quoted in the claim. A customer token may make the bundle of its own projects.",
  body: {
    type: 'object',
    properties: {
      language: { type: 'string', enum: ['en', 'es'], description: 'Else Accept-Language, else en.' },
      time_zone: {
        type: 'string',
        maxLength: 64,
        description: "IANA time zone of the device, used when the project's port has none (UTC when absent).",
      },
      incidences: {
        type: 'array',
        maxItems: 1000,
        items: { type: 'string', format: 'uuid' },
        description:
          'Incidences of this project whose files go in; all of them when absent. 400 for one of another project.',
      },
      project_files: {
        type: 'boolean',
        description: "The project's own photos and documents too (default false).",
      },
    },
    description: 'All optional: send {} for every incidence of the project.',
  },
  response: {
    200: {
      description: 'The ZIP, named in Content-Disposition and x-suggested-filename.',
      headers: {
        'Content-Disposition': bundleHeader('attachment; filename="…"'),
        'x-suggested-filename': bundleHeader('The file name alone.'),
        'x-bundle-sha256': bundleHeader('SHA-256 of manifest.json: the hash to quote.'),
        'x-bundle-files': bundleHeader('Files listed in the manifest.'),
        'x-bundle-flagged': bundleHeader(
          'Files whose stored bytes no longer match their recorded hash, or are missing.',
        ),
        'x-bundle-bytes': bundleHeader(
          'Bytes of the files in it (for a progress bar; the ZIP is a little larger).',
        ),
      },
      content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
    },
  },
};

/** One record's claim bundle (its "Download all" as evidence): the same ZIP, of that record's files. */
export function recordClaimBundleDoc(name: Exclude<AttachmentParent, 'project'>) {
  const { one } = apiNames(resources[name] as Resource);
  return {
    ...claimBundleDoc,
    operationId: `make${pascal(one)}ClaimBundle`,
    summary: `Download the claim bundle of a ${one}: its photos and documents, with manifest and hash`,
    description: `The claim bundle of one ${one}, as makeClaimBundle makes it for a project's incidences: \`files/01_${name}_<label>/\` holds its photos and documents byte for byte as stored, with \`manifest.json\`, \`manifest.csv\` and \`index.pdf\` (its page: the photos' thumbnails and the provenance of each file), every file hashed again and a changed or missing one flagged; the bundle's hash (SHA-256 of manifest.json) in \`x-bundle-sha256\`. 404 for a record the caller cannot read.`,
    body: {
      type: 'object',
      properties: {
        language: claimBundleDoc.body.properties.language,
        time_zone: claimBundleDoc.body.properties.time_zone,
      },
      description: 'All optional: send {}.',
    },
  };
}
