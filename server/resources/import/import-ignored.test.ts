// The import's answer names the header cells it did not read, over HTTP: a lone weight (net or gross?),
// a misspelt "Refrence" or "Comodity", a notes column. With a hint of the fields a vague or misspelt
// header would be read as; the all-or-nothing refusal and its row/column lines are unchanged.
import { describe, expect, it } from 'vitest';
import { csv, xlsx } from '../../../tests/fixtures/packing.js';
import { expectImported, importRig } from './testing.js';

const rig = importRig('reference, quantity, net_weight, gross_weight');
const { importFile, importOk, items, newProject } = rig;

describe('columns the import did not read', () => {
  it('names a lone weight and a notes column, and says the weight would be read as gross weight (net is taken)', async () => {
    const project = await newProject();
    const file = await xlsx(
      ['Reference', 'Commodity', 'Net weight', 'Weight (kg)', 'Notes'],
      [
        ['W-1', 'Coil', 18000, 18150, 'scratched'],
        ['W-2', 'Coil', 17000, 17120, null],
      ],
    );
    const answer = await importFile(project, 'weights.xlsx', file);
    expectImported(answer, {
      created: 2,
      ignored_columns: ['Weight (kg)', 'Notes'],
      column_hints: [{ column: 'Weight (kg)', fields: ['gross_weight'] }],
    });
    // The weight column was not read: no gross weight stored.
    expect(await items(project)).toEqual([
      { reference: 'W-1', quantity: '1.000', net_weight: '18000.000', gross_weight: null },
      { reference: 'W-2', quantity: '1.000', net_weight: '17000.000', gross_weight: null },
    ]);
  });

  it('a Spanish lone "Peso" may be either weight; misspelt "Comodity" and "Cantdad" are named with the field they look like', async () => {
    // The project's commodity stands in for the commodity column the file misspells.
    const project = await newProject({ commodity: await rig.f.commodity('coil') });
    const file = csv(
      ['Referencia', 'Comodity', 'Cantdad', 'Peso (Tm)', 'Observaciones'],
      [['P-1', 'Coil', 2, 18, 'ok']],
    );
    const answer = await importOk(project, 'pesos.csv', file);
    expect(answer.body).toMatchObject({
      created: 1,
      ignored_columns: ['Comodity', 'Cantdad', 'Peso (Tm)', 'Observaciones'],
      column_hints: [
        { column: 'Comodity', fields: ['commodity'] },
        { column: 'Cantdad', fields: ['quantity'] },
        { column: 'Peso (Tm)', fields: ['net_weight', 'gross_weight'] },
      ],
    });
    expect(await items(project)).toEqual([
      { reference: 'P-1', quantity: '1.000', net_weight: null, gross_weight: null },
    ]);
  });

  it('a file whose every column is read answers empty lists; a replay with the same key answers the same', async () => {
    const project = await newProject();
    const file = csv(['Reference', 'Commodity', 'Net weight', 'Gross weight'], [['R-1', 'Coil', 1, 2]]);
    const clean = await importFile(project, 'clean.csv', file);
    expect(clean.body).toMatchObject({ created: 1, ignored_columns: [], column_hints: [] });

    const noted = csv(['Reference', 'Commodity', 'Refrence 2', 'Notes'], [['R-2', 'Coil', 'x', 'y']]);
    const replay = { headers: { 'Idempotency-Key': crypto.randomUUID() } };
    const first = await importFile(project, 'noted.csv', noted, replay);
    const again = await importFile(project, 'noted.csv', noted, replay);
    expect(first.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // "Refrence 2" is not a second reference: the file has one, so no hint.
    expect(again.body).toEqual(first.body);
    expect(first.body).toMatchObject({ ignored_columns: ['Refrence 2', 'Notes'], column_hints: [] });
  });

  it('a refused file answers its row/column problems only, and imports nothing', async () => {
    const project = await newProject();
    const file = csv(
      ['Reference', 'Commodity', 'Net weight', 'Weight'],
      [
        ['B-1', 'Coil', 'heavy', 1],
        ['B-2', 'Coil', 10, 2],
      ],
    );
    const answer = await importFile(project, 'bad.csv', file);
    expect(answer.status).toBe(400);
    // The problems, as lines and by row and column; no word of the columns left unread.
    expect(Object.keys(answer.body)).toEqual(['file', 'problems', 'unlisted']);
    expect(answer.body.file).toEqual([expect.stringMatching(/^Row 2, column C \(Net weight\): /)]);
    expect(await items(project)).toEqual([]);
  });

  it('a misspelt reference header is still refused as having no reference column', async () => {
    const project = await newProject();
    const answer = await importFile(project, 'ref.csv', csv(['Refrence', 'Commodity'], [['X-1', 'Coil']]));
    expect(answer.status).toBe(400);
    expect(answer.body.file).toEqual([expect.stringMatching(/^No reference column/)]);
  });
});
