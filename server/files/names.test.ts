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
