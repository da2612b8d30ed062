// Which reader a packing list goes to, from its bytes (file-type), not its name: an .xlsx (or any ZIP,
// which the .xlsx reader checks) or text (CSV, also when an ERP names its tab-separated export ".xls").
// Everything else (an old binary .xls, an OpenDocument .ods, a PDF or a photo renamed .xlsx, a web
// page saved as .xls) is a 400 on `file` saying what it is and which formats are read.
import { readHead as head } from '../../files/head.js';
import { fieldError } from '../../http/errors.js';
import { type Message, say } from '../../i18n/message.js';

const KNOWN: Record<string, Message> = {
  cfb: say('format.cfb'),
  ods: say('format.ods'),
  pdf: say('format.pdf'),
  xml: say('format.xml'),
};

const ENCRYPTED = Buffer.from('EncryptionInfo', 'utf16le');
const PROTECTED = say('format.protected');

const HTML = say('format.html');

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
  if (opening.startsWith('%PDF-')) throw fieldError('file', say('format.pdf'));
  if (/^<\?xml/i.test(opening)) throw fieldError('file', say('format.xml'));
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
  throw fieldError('file', say('format.other', { type: type.ext.toUpperCase(), mime: type.mime }));
}
