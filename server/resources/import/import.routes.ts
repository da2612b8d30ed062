// Packing-list import:
//   POST /api/project/<id>/import_pl/     multipart, field "file" (.xlsx or .csv)
//                                         -> {created, updated, unchanged, total, ignored_columns, column_hints}
//   GET  /api/project/import_template/    the .xlsx template
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import type { AppContext } from '../../context.js';
import { downloadHeaders } from '../../files/names.js';
import { discard, type FileStore, fileStoreFor } from '../../files/store.js';
import { fieldError, ValidationError } from '../../http/errors.js';
import { requestLanguage } from '../../i18n/language.js';
import { say } from '../../i18n/message.js';
import { findParent } from '../attachments/parents.js';
import { readUpload } from '../attachments/upload.js';
import { checkWrite } from '../engine/access.js';
import { API_TAGS } from '../engine/api-names.js';
import { runWrite } from '../engine/idempotency.js';
import { sheetFormat } from './format.js';
import type { ImpliedMarks } from './numbers.js';
import { readCsv } from './read-csv.js';
import { readXlsx, type SheetRow } from './read-xlsx.js';
import { fileRefusal, importRefusal } from './refusal.js';
import { type Commodity, parseRowsInTurns } from './rows.js';
import { importTemplate } from './template.js';
import { writeImport } from './write.js';

/** Rows a file may hold (the 20,000-row lists of a large call fit with room to spare). */
const MAX_ROWS = 50_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Sheet {
  rows: SheetRow[];
  implied: ImpliedMarks;
  /** The reader gives number cells as text (rows.ts ParseOptions). */
  numbersAsText?: boolean;
}

async function readSheet(path: string): Promise<Sheet> {
  if ((await sheetFormat(path)) === 'xlsx')
    return { rows: await readXlsx(path, MAX_ROWS), implied: {}, numbersAsText: true };
  return readCsv(path, MAX_ROWS);
}

async function importFile(
  request: FastifyRequest<{ Params: { id: string } }>,
  context: AppContext,
  store: FileStore,
) {
  const { database, config } = context;
  const actor = {
    userId: checkWrite(resources['packing-list'] as Resource, request.principal, 'write').userId,
  };
  const project = await findParent(database, 'project', request.params.id, request.principal);
  const { file } = await readUpload(request, store, config.uploadMaxBytes);
  try {
    if (!file) throw new ValidationError({ file: [say('upload.none')] });
    const sheet = await readSheet(file.path);
    const db = database.db as never;
    const commodities =
      await sql<Commodity>`select id, code, name from commodity where deleted_at is null`.execute(db);
    const stored = await sql<{
      commodity: string | null;
    }>`select commodity from project where id = ${project.id}`.execute(db);
    const parsed = await parseRowsInTurns(
      sheet.rows,
      project.id,
      commodities.rows,
      stored.rows[0]?.commodity ?? null,
      {
        implied: sheet.implied,
        numbersAsText: sheet.numbersAsText,
      },
    );
    // The sheet's rows are not needed past here.
    sheet.rows = [];
    if (parsed.general.length > 0 || parsed.problems.length > 0)
      throw importRefusal(parsed.general, parsed.problems, requestLanguage(request));
    if (parsed.items.length === 0) throw fieldError('file', say('import.no_rows'));
    // A repeated Idempotency-Key is compared on the file's bytes.
    request.body = { sha256: file.sha256 };
    return await runWrite(database, request, actor.userId, async (trx) => ({
      status: 200,
      body: { ...(await writeImport(trx, actor, project.id, parsed.items, parsed.given)), ...parsed.ignored },
    }));
  } finally {
    await discard(file?.path);
  }
}

export async function importRoutes(app: FastifyInstance, context: AppContext) {
  const store = await fileStoreFor(context.config);
  await app.register(async (api) => {
    await api.register(multipart, { throwFileSizeLimit: true });
    api.addHook('onClose', async () => store.close());

    api.post<{ Params: { id: string } }>(
      '/project/:id/import_pl/',
      {
        schema: {
          operationId: 'importPackingList',
          tags: [API_TAGS.cargo],
          summary: 'Import a packing list (.xlsx or .csv) into a project',
          'x-answers': [413, 415, 422, 507],
          description:
            'multipart/form-data with `file`. Columns by header (English or Spanish, any order). At most 50,000 rows, ' +
            'values in the first 500 columns, 10,000 characters a cell: past them the file is refused at once, saying which. All rows or none: ' +
            '400 `{file: ["Row 3, column C (Net weight): ..."], problems, unlisted}` (a file refused as a whole, ' +
            'not a spreadsheet, past a limit, too large (413), its project gone (404) or not to be written (403), ' +
            'the same with its message as a problem of the whole file): `file` the problems in words ' +
            '(at most 500, then "…and 12 more problems."); `problems` the same ones each as ' +
            '`{row, column, header, field, key, values, text}` (`row`, `column` and `header` null for a problem of the ' +
            'whole file; `key` and `values` its message in the catalogue, `text` its words without the row); ' +
            '`unlisted` how many more there are. Items with the same reference are updated. ' +
            'Answers `{created, updated, unchanged, total, ignored_columns, column_hints}`: `ignored_columns` lists ' +
            'the header cells no column reads, as written (e.g. `["Weight (kg)", "Notes"]`); `column_hints` says, ' +
            'for those that look like a field but cannot be placed (a weight not saying net or gross, a misspelt ' +
            '"Refrence"), which fields they would be read as once renamed: ' +
            '`[{column: "Weight (kg)", fields: ["net_weight", "gross_weight"]}]`. ' +
            'Messages in English, or Spanish with `Accept-Language: es`.',
        },
      },
      async (request, reply) => {
        // Any refusal of the file (not a spreadsheet, too large, its project gone) keyed for the app too.
        const outcome = await importFile(request, context, store).catch((error: unknown) => {
          throw fileRefusal(error, requestLanguage(request)) ?? error;
        });
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(outcome.status).send(outcome.body);
      },
    );

    api.get(
      '/project/import_template/',
      {
        schema: {
          operationId: 'getPackingListTemplate',
          tags: [API_TAGS.cargo],
          summary: 'The packing-list .xlsx template',
          description: 'An empty workbook with the columns the import reads, in English and Spanish.',
          response: {
            200: {
              description: 'The .xlsx template.',
              content: { [XLSX_TYPE]: { schema: { type: 'string', contentMediaType: XLSX_TYPE } } },
            },
          },
        },
      },
      async (_request, reply) => {
        const bytes = await importTemplate();
        return reply
          .headers({ ...downloadHeaders('packing-list-template.xlsx'), 'content-type': XLSX_TYPE })
          .send(bytes);
      },
    );
  });
}
