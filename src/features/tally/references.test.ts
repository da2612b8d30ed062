import { describe, expect, it } from 'vitest';
import { ReferenceIndex, splitReferences } from './references';

describe('reference index', () => {
  const index = new ReferenceIndex(['CX-10023', 'CX-10123', 'CX-20077', 'GR-77', 'AL-5']);

  it('finds the item from the shortest unique ending, any case', () => {
    expect(index.match('077')).toEqual({ kind: 'unique', reference: 'CX-20077' });
    expect(index.match('0023')).toEqual({ kind: 'unique', reference: 'CX-10023' });
    expect(index.match('cx-10123')).toEqual({ kind: 'unique', reference: 'CX-10123' });
  });

  it('says when an ending fits several or none', () => {
    expect(index.match('23')).toEqual({ kind: 'ambiguous', candidates: ['CX-10023', 'CX-10123'] });
    expect(index.match('999')).toEqual({ kind: 'none' });
    expect(index.match('  ')).toEqual({ kind: 'none' });
  });

  it('takes a whole reference typed even when a longer one ends the same', () => {
    expect(index.match('gr-77')).toEqual({ kind: 'unique', reference: 'GR-77' });
    expect(index.match('77')).toEqual({ kind: 'ambiguous', candidates: ['GR-77', 'CX-20077'] });
  });

  it('splits pasted references', () => {
    expect(splitReferences(' A1, A2;A3\nA4  ')).toEqual(['A1', 'A2', 'A3', 'A4']);
  });

  it('scales: 20,000 references, a lookup by binary search', () => {
    const big = new ReferenceIndex(
      Array.from({ length: 20_000 }, (_, i) => `PK-${String(i).padStart(6, '0')}`),
    );
    const started = performance.now();
    for (let i = 0; i < 1000; i++) big.match(String(i * 7).padStart(5, '0'));
    expect(performance.now() - started).toBeLessThan(500);
    expect(big.match('019999')).toEqual({ kind: 'unique', reference: 'PK-019999' });
  });
});
