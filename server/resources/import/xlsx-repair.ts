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
import { SaxesParser } from 'saxes';
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

const columnOf = (text: string) => [...text].reduce((n, char) => n * 26 + char.charCodeAt(0) - 64, 0);
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeText = (text: string) => (/[&<>]/.test(text) ? text.replace(/[&<>]/g, (c) => ESCAPES[c]) : text);
const escapeAttribute = (text: string) =>
  /[&<>"]/.test(text) ? text.replace(/[&<>"]/g, (c) => ESCAPES[c]) : text;

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

/**
 * Repairs one part's XML as it streams through, chunk by chunk: saxes (the streaming XML parser
 * ExcelJS itself reads with, without namespace checks as ExcelJS) parses it, and each event is
 * written out again, changed where the repair needs it. Attributes come out double-quoted, text and
 * values escaped again; comments and processing instructions are kept, CDATA becomes plain text.
 */
export class PartRepair {
  private out = '';
  private readonly parser = new SaxesParser<{ xmlns: false; position: false }>({
    xmlns: false,
    position: false,
  });
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
  /** The self-closing tag just written: its close event writes nothing. */
  private selfClosed = false;

  constructor() {
    const parser = this.parser;
    parser.on('xmldecl', ({ version, encoding, standalone }) => {
      const attribute = (name: string, value: string | undefined) => (value ? ` ${name}="${value}"` : '');
      this.out += `<?xml${attribute('version', version)}${attribute('encoding', encoding)}${attribute('standalone', standalone)}?>`;
    });
    parser.on('processinginstruction', ({ target, body }) => {
      this.out += `<?${target}${body ? ` ${body}` : ''}?>`;
    });
    parser.on('doctype', (doctype) => {
      this.out += `<!DOCTYPE${doctype}>`;
    });
    parser.on('comment', (comment) => {
      if (this.inline === null) this.out += `<!--${comment}-->`;
    });
    parser.on('text', (text) => this.text(text));
    parser.on('cdata', (text) => this.text(text));
    parser.on('opentag', (tag) => this.open(tag.name, tag.attributes, tag.isSelfClosing));
    parser.on('closetag', (tag) => this.close(tag.name));
  }

  push(chunk: string): string {
    this.parser.write(chunk);
    return this.take();
  }

  end(): string {
    this.parser.close();
    return this.take();
  }

  private take(): string {
    const out = this.out;
    this.out = '';
    return out;
  }

  private text(text: string): void {
    if (this.inline === null) this.out += escapeText(text);
    else if (this.inText && !this.inPhonetic) this.inline += text;
  }

  /** The element's name without the main namespace's prefix, or null for another namespace (mc:, x14:...). */
  private local(name: string): string | null {
    const colon = name.indexOf(':');
    if (colon < 0) return name;
    return name.slice(0, colon) === this.prefix ? name.slice(colon + 1) : null;
  }

  private open(qualified: string, attributes: Record<string, string>, selfClosing: boolean): void {
    if (!this.rooted) {
      this.rooted = true;
      for (const [key, uri] of Object.entries(attributes))
        if (key.startsWith('xmlns:') && MAIN_NAMESPACE.test(uri)) this.prefix = key.slice('xmlns:'.length);
    }
    this.selfClosed = selfClosing;
    const name = this.local(qualified);
    // Elements of other namespaces keep their prefix, and are none of those below.
    if (name === null) {
      this.write(qualified, attributes, selfClosing);
      return;
    }
    if (this.inline !== null) {
      this.insideInline(false, name, selfClosing);
      return;
    }
    // saxes hands each tag a new object: changed in place.
    const written = attributes;
    // An address in another form than expected is kept as it is (never a second "r").
    if (name === 'row') {
      const r = /^\d+$/.exec(attributes.r ?? '');
      this.row = r ? Number(r[0]) : this.row + 1;
      this.column = 0;
      written.r ??= String(this.row);
    } else if (name === 'c') {
      const r = /^\$?([A-Za-z]+)\$?\d+$/.exec(attributes.r ?? '');
      this.column = r ? columnOf(r[1].toUpperCase()) : this.column + 1;
      written.r ??= `${columnLetter(this.column - 1)}${this.row}`;
      this.dateCell = attributes.t === 'd' && !selfClosing;
      if (this.dateCell) written.t = 'inlineStr';
    } else if (!selfClosing && (name === 'is' || (name === 'v' && this.dateCell))) {
      this.inline = '';
      this.dateValue = name === 'v';
      this.inText = this.dateValue;
      return;
    }
    this.write(name, written, selfClosing);
  }

  private close(qualified: string): void {
    const selfClosed = this.selfClosed;
    this.selfClosed = false;
    const name = this.local(qualified);
    if (this.inline !== null) {
      if (name !== null) this.insideInline(true, name, selfClosed);
      return;
    }
    if (name === 'c') this.dateCell = false;
    if (!selfClosed) this.out += `</${name ?? qualified}>`;
  }

  private write(name: string, attributes: Record<string, string>, selfClosing: boolean): void {
    if (this.inline !== null) return;
    let text = `<${name}`;
    for (const key in attributes) text += ` ${key}="${escapeAttribute(attributes[key])}"`;
    this.out += `${text}${selfClosing ? '/' : ''}>`;
  }

  private insideInline(close: boolean, name: string, selfClosing: boolean): void {
    if (selfClosing && close) return;
    if (name === 'rPh') this.inPhonetic = !close && !selfClosing;
    else if (name === 't') this.inText = !close && !selfClosing;
    else if (close && (name === 'is' || (name === 'v' && this.dateValue))) {
      const text = this.dateValue ? isoDate(this.inline ?? '') : (this.inline ?? '');
      this.inline = null;
      this.inText = false;
      this.dateValue = false;
      this.out += `<is><t xml:space="preserve">${escapeText(text)}</t></is>`;
    }
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
