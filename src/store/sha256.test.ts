// The hash of a kept file is the same with crypto.subtle (HTTPS, localhost) and without it (plain HTTP
// at a server's address), across the chunks the JavaScript fallback reads.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from './sha256';

const expected = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('sha256Hex', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const sizes = [0, 3, 4 * 1024 * 1024, 9 * 1024 * 1024 + 17];
  it.each(sizes)('hashes %i bytes alike with and without crypto.subtle', async (size) => {
    const bytes = new Uint8Array(size).map((_, i) => (i * 31 + 7) % 251);
    const blob = new Blob([bytes]);
    expect(await sha256Hex(blob)).toBe(expected(bytes));
    // A page that is not a secure context: crypto without subtle.
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(await sha256Hex(blob)).toBe(expected(bytes));
  });
});
