// Some writers leave out what ExcelJS's reader relies on, although the format allows it: the .NET Open
// XML SDK writes every element with an "x:" prefix (ExcelJS reads names as written, so it finds no
// sheet), report generators omit the optional "r" address of rows and cells (ExcelJS throws), and inline
// rich text (<is><r><t>AB-</t></r><r><t>12</t></r></is>) keeps only its last run ("12"). Such a
// workbook is copied once, before ExcelJS reads it: the prefix dropped, each row and cell given the
// address the spreadsheet shows, the runs of inline text joined. A cell typed as an ISO date (t="d",
// which ExcelJS reads as the number of its year) becomes the date's text, for rows.ts to name as a date.
// A worksheet stored under another name than xl/worksheets/sheet<N>.xml (ClosedXML's "sheet.xml",
// BI exports), which ExcelJS does not look for, is renamed and its relationship pointed at the new name.
// Excel's own files never need any of it.
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type yauzl from 'yauzl';
import { columnLetter } from './headers.js';
import {
  copyOrder,
  EMPTY_SHARED_STRINGS,
  partOf,
  RELATIONSHIP,
  SHARED_STRINGS,
  TARGET,
  WORKBOOK_RELS,
} from './workbook-parts.js';

/** The parts whose XML is repaired (others are copied as they are). */
export const REPAIRED_PART = /^xl\/(worksheets\/[^/]+|workbook|sharedStrings|styles)\.xml$/;

/**
 * What a part that needs repair shows: a root element with a prefix, a (whole) row or cell tag without
 * "r", an inline string made of runs, a date cell. Tested on chunks that overlap by OVERLAP characters
 * (a tag cut at a chunk's end is not whole, so it is not taken for one without "r").
 */
export const NEEDS_REPAIR =
  /<[\w.-]+:(?:worksheet|workbook|sst|styleSheet)[\s>]|<(?:[\w.-]+:)?(?:row|c)(?=[\s/>])(?![^>]*\sr=)[^>]*>|<(?:[\w.-]+:)?is>\s*<(?:[\w.-]+:)?r[\s>]|<(?:[\w.-]+:)?c\s[^>]*\bt="d"/;
export const OVERLAP = 512;

const MAIN_NAMESPACE =
  /^http:\/\/(?:schemas\.openxmlformats\.org\/spreadsheetml\/2006|purl\.oclc\.org\/ooxml\/spreadsheetml)\/main$/;
const TOKEN = /<(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+/y;
const TAG = /^<(\/?)(?:([\w.-]+):)?([\w.-]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>$/;

const columnOf = (text: string) => [...text].reduce((n, char) => n * 26 + char.charCodeAt(0) - 64, 0);

/** An ISO date or date-time without a zone, as the UTC text the .xlsx reader gives dates in. */
function isoDate(text: string): string {
  const found = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?$/.exec(text.trim());
  return found ? `${found[1]}T${(found[2] ?? '00:00:00').padEnd(8, ':00')}Z` : text;
}

/** The workbook's relationships with the renamed worksheets' targets. */
function renameTargets(rels: string, renames: ReadonlyMap<string, string>): string {
  return rels.replace(RELATIONSHIP, (tag) => {
    const target = TARGET.exec(tag)?.[1];
    const renamed = target ? renames.get(partOf(target)) : undefined;
    return renamed ? tag.replace(TARGET, ` Target="${renamed.slice('xl/'.length)}"`) : tag;
  });
}

/** Repairs one part's XML as it streams through, chunk by chunk. */
export class PartRepair {
  private carry = '';
  private prefix: string | undefined;
  private rooted = false;
  private row = 0;
  private column = 0;
  /** The joined text of the inline string being read, or null outside <is>. */
  private inline: string | null = null;
  private inText = false;
  private inPhonetic = false;
  /** In a t="d" cell; in its <v> (read like an inline string's text). */
  private dateCell = false;
  private dateValue = false;

  push(chunk: string): string {
    const text = this.carry + chunk;
    let out = '';
    TOKEN.lastIndex = 0;
    let at = 0;
    for (let found = TOKEN.exec(text); found; found = TOKEN.exec(text)) {
      out += this.token(found[0]);
      at = TOKEN.lastIndex;
    }
    this.carry = text.slice(at);
    return out;
  }

  end(): string {
    const rest = this.carry;
    this.carry = '';
    return rest;
  }

  private token(token: string): string {
    const tag = token.startsWith('<') ? TAG.exec(token) : null;
    if (!tag) {
      if (this.inline === null) return token;
      if (this.inText && !this.inPhonetic) this.inline += token;
      return '';
    }
    const [, close, prefix, name, attributes, selfClosing] = tag;
    if (!this.rooted && !token.startsWith('<?')) {
      this.rooted = true;
      for (const [, declared, uri] of attributes.matchAll(/xmlns:([\w.-]+)="([^"]*)"/g))
        if (MAIN_NAMESPACE.test(uri)) this.prefix = declared;
    }
    // Elements of other namespaces (mc:, x14:...) keep their prefix, and are none of those below.
    if (prefix && prefix !== this.prefix) return this.inline === null ? token : '';
    if (this.inline !== null) return this.insideInline(close, name, selfClosing);
    let extra = '';
    // An address in another form than expected is kept as it is (never a second "r").
    const addressed = /\sr=/.test(attributes);
    if (!close && name === 'row') {
      const r = /\sr=["'](\d+)["']/.exec(attributes);
      this.row = r ? Number(r[1]) : this.row + 1;
      this.column = 0;
      if (!addressed) extra = ` r="${this.row}"`;
    } else if (!close && name === 'c') {
      const r = /\sr=["']\$?([A-Za-z]+)\$?\d+["']/.exec(attributes);
      this.column = r ? columnOf(r[1].toUpperCase()) : this.column + 1;
      if (!addressed) extra = ` r="${columnLetter(this.column - 1)}${this.row}"`;
      this.dateCell = /\st="d"/.test(attributes) && !selfClosing;
      if (this.dateCell) return `<c${attributes.replace(/\st="d"/, ' t="inlineStr"')}${extra}>`;
    } else if (close && name === 'c') this.dateCell = false;
    else if (!close && !selfClosing && (name === 'is' || (name === 'v' && this.dateCell))) {
      this.inline = '';
      this.dateValue = name === 'v';
      this.inText = this.dateValue;
      return '';
    }
    return prefix || extra ? `<${close}${name}${attributes}${extra}${selfClosing}>` : token;
  }

  private insideInline(close: string, name: string, selfClosing: string): string {
    if (name === 'rPh') this.inPhonetic = !close && !selfClosing;
    else if (name === 't') this.inText = !close && !selfClosing;
    else if (close && (name === 'is' || (name === 'v' && this.dateValue))) {
      const text = this.dateValue ? isoDate(this.inline ?? '') : (this.inline ?? '');
      this.inline = null;
      this.inText = false;
      this.dateValue = false;
      return `<is><t xml:space="preserve">${text}</t></is>`;
    }
    return '';
  }
}

/**
 * Copies the workbook at `from` to `to` with its XML parts repaired; refuses (throws `tooBig()`) when
 * the repaired parts would pass `budget` bytes.
 */
export async function repairWorkbook(
  from: string,
  to: string,
  budget: number,
  tooBig: () => Error,
  renames: ReadonlyMap<string, string> = new Map(),
  order: readonly string[] = [],
): Promise<void> {
  const [{ default: yauzl }, { ZipArchive }] = await Promise.all([import('yauzl'), import('archiver')]);
  // Not closed on its own after the directory is read: the entries are opened afterwards, in another order.
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(from, { lazyEntries: true, autoClose: false }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const written = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(to);
    out.on('close', resolve);
    out.on('error', reject);
    archive.on('error', reject);
    archive.pipe(out);
  });
  let total = 0;
  const counted = (text: string) => {
    total += text.length;
    if (total > budget) throw tooBig();
    return text;
  };
  /** Appends one entry, repaired; resolves when the archive has taken it (one entry at a time). */
  const copy = (entry: yauzl.Entry) =>
    new Promise<void>((resolve, reject) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        stream.on('error', reject);
        archive.once('entry', () => resolve());
        const name = renames.get(entry.fileName) ?? entry.fileName;
        if (entry.fileName === WORKBOOK_RELS && renames.size > 0) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () =>
            archive.append(renameTargets(Buffer.concat(chunks).toString('utf8'), renames), { name }),
          );
          return;
        }
        if (!REPAIRED_PART.test(entry.fileName)) return archive.append(stream, { name });
        const repair = new PartRepair();
        const decoder = new StringDecoder('utf8');
        const repaired = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            try {
              done(null, counted(repair.push(decoder.write(chunk))));
            } catch (caught) {
              done(caught as Error);
            }
          },
          flush(done) {
            try {
              done(null, counted(repair.push(decoder.end()) + repair.end()));
            } catch (caught) {
              done(caught as Error);
            }
          },
        });
        repaired.on('error', reject);
        archive.append(stream.pipe(repaired), { name });
      });
    });
  try {
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const found: yauzl.Entry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(found));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) found.push(entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
    // Shared strings before every worksheet, even none (workbook-parts.ts: ExcelJS then streams them all).
    if (!entries.some((entry) => entry.fileName === SHARED_STRINGS)) {
      const taken = new Promise((resolve) => archive.once('entry', resolve));
      archive.append(EMPTY_SHARED_STRINGS, { name: SHARED_STRINGS });
      await taken;
    }
    for (const entry of copyOrder(entries, order, renames)) await copy(entry);
    await archive.finalize();
    await written;
  } catch (error) {
    archive.abort();
    throw error;
  } finally {
    zip.close();
  }
}
