// The packing-list template: the headers in the first sheet, and in a second sheet every column
// with its English and Spanish headers and the values it takes.
import type ExcelJSModule from 'exceljs';
import { galleryZones, locations, packingLabelColors } from '../../../src/domain/enums.js';
import { headerNames, type ImportField, importFields } from './headers.js';

const HELP: Record<ImportField, { required: string; values: string }> = {
  reference: { required: 'yes', values: 'Text, unique in the project. Importing it again updates the item.' },
  commodity: {
    required: "yes (or the project's commodity)",
    values: 'Coil, Granite, Aluminium, Other (or Bobina, Granito, Aluminio, Otro)',
  },
  quantity: { required: 'no (1)', values: 'Number of units' },
  net_weight: { required: 'no', values: 'kg; 12.5 or 12,5' },
  gross_weight: { required: 'no', values: 'kg, not less than the net weight' },
  location: {
    required: 'no (uncategorized)',
    values: `${locations.join(', ')} (a bordo, almacén, fas, camión)`,
  },
  packing: { required: 'no', values: 'Text' },
  label_color: {
    required: 'no',
    values: `Aluminium only; several separated by commas: ${packingLabelColors.join(', ')}`,
  },
  zone: { required: 'no', values: `Text, e.g. ${galleryZones.slice(0, 3).join(', ')}` },
};

export async function importTemplate(): Promise<Buffer> {
  const { default: ExcelJS }: { default: typeof ExcelJSModule } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'karbontrack';
  const sheet = workbook.addWorksheet('Packing list');
  sheet.columns = importFields.map((field) => ({
    header: headerNames[field].en[0].replace(/^./, (c) => c.toUpperCase()),
    key: field,
    width: 18,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const help = workbook.addWorksheet('Columns');
  help.columns = [
    { header: 'Field', key: 'field', width: 16 },
    { header: 'English headers', key: 'en', width: 36 },
    { header: 'Spanish headers (cabeceras en español)', key: 'es', width: 40 },
    { header: 'Required', key: 'required', width: 24 },
    { header: 'Values', key: 'values', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  for (const field of importFields)
    help.addRow({
      field,
      en: headerNames[field].en.join(', '),
      es: headerNames[field].es.join(', '),
      ...HELP[field],
    });
  help.addRow({});
  help.addRow({
    field: 'Notes',
    values:
      'Columns in any order; case and accents ignored; other columns ignored. All rows or none are imported.',
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
