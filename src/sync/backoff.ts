// Retry timing: 1 s doubling to 5 min, with jitter so a yard full of tablets does not retry in step.

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** 0..1; injectable for tests. */
  random: () => number;
}

export const defaultBackoff: BackoffOptions = { baseMs: 1000, maxMs: 5 * 60_000, random: Math.random };

/** The wait before attempt `failures + 1`: half the doubled delay plus a random part of the other half. */
export function backoffDelay(failures: number, options: BackoffOptions = defaultBackoff): number {
  const exponent = Math.max(0, failures - 1);
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (options.random() * ceiling) / 2);
}
