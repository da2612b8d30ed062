// Packing-list import: online upload of a .xlsx/.csv to a project, and the template download.
import { api } from './client';
import { downloadFile } from './download';

export interface ImportOutcome {
  created: number;
  updated: number;
  unchanged: number;
  total: number;
}

/**
 * POST project/<id>/import_pl/ as multipart. `key` is the Idempotency-Key (the queued file's id), so a
 * repeat after a lost answer is not imported twice. A refusal is ky's HTTPError with 400 {file: [...]}.
 */
export function importPackingList(
  projectId: string,
  file: Blob,
  name: string,
  key: string,
): Promise<ImportOutcome> {
  const body = new FormData();
  body.append('file', file, name);
  return api
    .post(`project/${projectId}/import_pl/`, { body, timeout: 120_000, headers: { 'Idempotency-Key': key } })
    .json<ImportOutcome>();
}

export function downloadImportTemplate(): Promise<string> {
  return downloadFile('project/import_template/');
}
