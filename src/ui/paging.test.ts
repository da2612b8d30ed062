import { describe, expect, it } from 'vitest';
import { acceptPage, lastPage, pageFromParam, pageRange } from './paging';

describe('paging', () => {
  it('ignores moves to page 0 and past the last; page 1 always allowed', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(21, 10)).toBe(3);
    expect(acceptPage(0, 21, 10)).toBe(false);
    expect(acceptPage(4, 21, 10)).toBe(false);
    expect(acceptPage(3, 21, 10)).toBe(true);
    expect(acceptPage(1, 0, 10)).toBe(true);
    expect(acceptPage(1.5, 21, 10)).toBe(false);
  });

  it("says 'a - b of total'", () => {
    expect(pageRange(1, 10, 21)).toEqual({ from: 1, to: 10 });
    expect(pageRange(3, 10, 21)).toEqual({ from: 21, to: 21 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });

  it('reads a page from the address', () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam('0')).toBe(1);
    expect(pageFromParam('x')).toBe(1);
    expect(pageFromParam(null)).toBe(1);
  });
});
