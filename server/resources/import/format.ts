// Which reader a packing list goes to, from its bytes (file-type), not its name: an .xlsx (or any ZIP,
// which the .xlsx reader checks) or text (CSV, also when an ERP names its tab-separated export ".xls").
// Everything else (an old binary .xls, an OpenDocument .ods, a PDF or a photo renamed .xlsx, a web
// page saved as .xls) is a 400 on `file` saying what it is and which formats are read.
import { readHead as head } from '../../files/head.js';
import { fieldError } from '../../http/errors.js';

export const ACCEPTED = 'Packing lists are read from .xlsx (Excel Workbook) or .csv files';

const KNOWN: Record<string, string> = {
  cfb: `This is an old Excel .xls (or other Office 97-2003) file. ${ACCEPTED}: open it in Excel and save it as Excel Workbook (.xlsx) or CSV.`,
  ods: `This is an OpenDocument spreadsheet (.ods). ${ACCEPTED}: in LibreOffice, use File > Save As and choose Excel 2007-365 (.xlsx) or CSV.`,
  pdf: `This is a PDF, not a spreadsheet. ${ACCEPTED}; ask the sender for the packing list as a spreadsheet.`,
  xml: `This is an XML file (perhaps an Excel 2003 XML sheet). ${ACCEPTED}: open it in Excel and save it as Excel Workbook (.xlsx) or CSV.`,
};

const ENCRYPTED = Buffer.from('EncryptionInfo', 'utf16le');
const PROTECTED = `This workbook is protected with a password, so it cannot be read. ${ACCEPTED}: open it in Excel, remove the password (File > Info > Protect Workbook > Encrypt with Password), save it and send it again.`;

const HTML = `This is a web page (HTML) with a spreadsheet's name, as some systems export. ${ACCEPTED}: open it in Excel and save it as Excel Workbook (.xlsx) or CSV.`;

/** Text: a Unicode BOM, or no control bytes but tab and line ends (8-bit codes such as Windows-1252 are text). */
function isText(start: Buffer): boolean {
  if ((start[0] === 0xff && start[1] === 0xfe) || (start[0] === 0xfe && start[1] === 0xff)) return true;
  return start.every((byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d);
}

/** 'xlsx' or 'csv', by the bytes; a clear 400 on `file` for any other format. */
export async function sheetFormat(path: string): Promise<'xlsx' | 'csv'> {
  const start = await head(path, 4096);
  const opening = start
    .subarray(0, 512)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart();
  // Text formats first: file-type takes some plain text for audio frames.
  if (opening.startsWith('%PDF-')) throw fieldError('file', KNOWN.pdf ?? ACCEPTED);
  if (/^<\?xml/i.test(opening)) throw fieldError('file', KNOWN.xml ?? ACCEPTED);
  if (/^<(!doctype html|html|table)/i.test(opening)) throw fieldError('file', HTML);
  if (isText(start)) return 'csv';
  const { fileTypeFromFile } = await import('file-type');
  const type = await fileTypeFromFile(path);
  if (!type) return 'csv';
  // An Excel template (.xltx, .xltm) is a workbook like any other.
  if (['xlsx', 'xlsm', 'xltx', 'xltm', 'zip'].includes(type.ext)) return 'xlsx';
  // A password-protected .xlsx is an encrypted package inside an Office compound file, like an old .xls.
  if (type.ext === 'cfb' && (await head(path, 2 * 1024 * 1024)).includes(ENCRYPTED))
    throw fieldError('file', PROTECTED);
  const known = KNOWN[type.ext];
  if (known) throw fieldError('file', known);
  throw fieldError(
    'file',
    `This is a ${type.ext.toUpperCase()} file (${type.mime}), not a spreadsheet. ${ACCEPTED}.`,
  );
}
