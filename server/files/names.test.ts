import { describe, expect, it } from 'vitest';
import { downloadHeaders, extensionOf, safeName, uniqueNames } from './names.js';

describe('file names', () => {
  it('keeps the last segment, without control, bidi or reserved characters', () => {
    expect(safeName('../../etc/passwd')).toBe('passwd');
    expect(safeName('C:\\Users\\ana\\Fotos\\bodega 2.jpg')).toBe('bodega 2.jpg');
    expect(safeName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeName('a\u0000b\r\nc.pdf')).toBe('abc.pdf');
    expect(safeName('  ..hidden.  ')).toBe('hidden');
    expect(safeName('what?<>|*.txt')).toBe('what_____.txt');
    expect(safeName('')).toBe('file');
    expect(safeName('/')).toBe('file');
    const long = `${'x'.repeat(300)}.jpeg`;
    expect(safeName(long)).toHaveLength(255);
    expect(safeName(long).endsWith('.jpeg')).toBe(true);
  });

  it('keeps emoji whole (their joiners too), and never cuts one in half', () => {
    expect(safeName('Grúa 🏗️ muelle 3 — 👷‍♀️ ✅.jpg')).toBe('Grúa 🏗️ muelle 3 — 👷‍♀️ ✅.jpg');
    expect(safeName('a\u200Db.pdf')).toBe('ab.pdf');
    expect(safeName('🏗\u202Egpj.exe')).toBe('🏗gpj.exe');
    expect(safeName('half \uD83D.pdf')).toBe('half .pdf');
    const cut = safeName(`${'x'.repeat(250)}👷‍♀️👷‍♀️.jpeg`);
    expect(cut).toBe(`${'x'.repeat(250)}.jpeg`);
    expect(() => encodeURIComponent(safeName(`${'x'.repeat(249)}😀😀😀.jpeg`))).not.toThrow();
    expect(downloadHeaders('Grúa 🏗️ ✅.jpg')['content-disposition']).toBe(
      `attachment; filename="Grua _ _.jpg"; filename*=UTF-8''Gr%C3%BAa%20%F0%9F%8F%97%EF%B8%8F%20%E2%9C%85.jpg`,
    );
  });

  it('reads extensions in lower case', () => {
    expect(extensionOf('Photo.JPG')).toBe('jpg');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
  });

  it('writes RFC 6266 headers with an ASCII fallback and the exact name', () => {
    expect(downloadHeaders('Daño (1).pdf')).toEqual({
      'content-disposition': `attachment; filename="Dano (1).pdf"; filename*=UTF-8''Da%C3%B1o%20%281%29.pdf`,
      'x-suggested-filename': 'Da%C3%B1o%20(1).pdf',
    });
    expect(downloadHeaders('报告.xlsx')['content-disposition']).toBe(
      `attachment; filename="__.xlsx"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.xlsx`,
    );
  });

  it('makes names unique within a ZIP, ignoring case', () => {
    const unique = uniqueNames();
    expect(['a.jpg', 'A.jpg', 'a.jpg', 'b', 'b'].map(unique)).toEqual([
      'a.jpg',
      'A (2).jpg',
      'a (3).jpg',
      'b',
      'b (2)',
    ]);
  });
});
