import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coilRows, csv, xlsx } from '../../../tests/fixtures/packing.js';
import { HttpError } from '../../http/errors.js';
import { readCsv } from './read-csv.js';
import { readXlsx } from './read-xlsx.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kt-read-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: Buffer | ArrayBuffer) {
  const path = join(dir, name);
  await writeFile(path, Buffer.from(bytes as ArrayBuffer));
  return path;
}

const refused = async (promise: Promise<unknown>) => {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(HttpError);
  // As the API answers it without Accept-Language: its messages in English.
  return JSON.parse(JSON.stringify((error as HttpError).body));
};

describe('reading packing-list files', () => {
  it('refuses more rows than allowed, in .xlsx and CSV, and takes exactly the limit', async () => {
    const header = ['Reference', 'Commodity'];
    expect(await readXlsx(await file('ok.xlsx', await xlsx(header, coilRows(3))), 3)).toHaveLength(4);
    expect(await refused(readXlsx(await file('many.xlsx', await xlsx(header, coilRows(4))), 3))).toEqual({
      file: ['The file has more than 3 rows; split it into several files.'],
    });
    expect((await readCsv(await file('ok.csv', csv(header, coilRows(3))), 3)).rows).toHaveLength(4);
    expect(await refused(readCsv(await file('many.csv', csv(header, coilRows(4))), 3))).toHaveProperty(
      'file',
    );
  });

  it('skips a cover sheet before the packing list', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Cover').addRow(['MV Atlantic, voyage 12']);
    const list = workbook.addWorksheet('List');
    list.addRow(['Referencia', 'Mercancía']);
    list.addRow(['R-1', 'Bobina']);
    const rows = await readXlsx(await file('cover.xlsx', await workbook.xlsx.writeBuffer()), 10);
    expect(rows.map((row) => row.cells)).toEqual([
      ['Referencia', 'Mercancía'],
      ['R-1', 'Bobina'],
    ]);
  });
});
