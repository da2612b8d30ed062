import { describe, expect, it } from 'vitest';
import { onFirstUse } from './lazy-module.js';

describe('onFirstUse', () => {
  it('loads once: concurrent first callers and later callers share one load', async () => {
    let loads = 0;
    const load = onFirstUse(async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { loaded: loads };
    });
    const [first, second] = await Promise.all([load(), load()]);
    const third = await load();
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('answers a failed load as an error to its callers, then tries again on the next call', async () => {
    let attempts = 0;
    const load = onFirstUse(async () => {
      attempts++;
      if (attempts === 1) throw new Error('Cannot find package');
      return 'loaded';
    });
    const failed = await Promise.allSettled([load(), load()]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await load()).toBe('loaded');
    expect(attempts).toBe(2);
  });

  it('loads the real library: pdfkit through the reports helper', async () => {
    const { newPdf } = await import('./reports/pdf-kit.js');
    const [a, b] = await Promise.all([newPdf('A'), newPdf('B')]);
    expect(a.constructor).toBe(b.constructor);
  });
});
