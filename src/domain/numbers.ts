// Numbers as the user reads them (Intl, in the interface language): units counted without decimals,
// weights in kg with the decimals they have, tonnes and hours with 2. Thousands are always grouped
// ('1.250,5' in Spanish too, where Intl alone groups only from five digits). Pure: the app (src/ui/numbers.ts)
// and the server's documents (the SOF PDF) write numbers through it, so a statement reads as its preview.

export type Shown = number | string | null | undefined;

const formats = new Map<string, Intl.NumberFormat>();

function formatter(language: string, min: number, max: number): Intl.NumberFormat {
  const key = `${language}:${min}:${max}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(language, {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      useGrouping: 'always',
    });
    formats.set(key, found);
  }
  return found;
}

/** The number in a stored value (decimals are stored as text: '14990.000'); null when there is none. */
function toNumber(value: Shown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * A whole number under a thousand with no decimals asked for reads the same in every language the app
 * speaks ('7', '-25', '999'): it is written without Intl. The first Intl.NumberFormat of a page loads
 * Intl's number data, 30-50 ms on this machine, so a screen whose numbers are all small (the projects
 * list's pager, a hand's counts early in the shift) never pays it; the first larger number does.
 */
const plain = (number: number, min: number) =>
  min === 0 && Number.isInteger(number) && Math.abs(number) < 1000 && !Object.is(number, -0);

export function formatNumber(value: Shown, language: string, min = 0, max = 3): string {
  const number = toNumber(value);
  if (number === null) return '';
  return plain(number, min) ? String(number) : formatter(language, min, max).format(number);
}

/** Units, pieces, lifts, counts: whole numbers ('1.500'). */
export const formatUnits = (value: Shown, language: string) => formatNumber(value, language, 0, 0);
/** A weight in kilograms, with the decimals it has ('14.990 kg', '1.250,5 kg'). */
export const formatKg = (value: Shown, language: string) => {
  const shown = formatNumber(value, language, 0, 3);
  return shown && `${shown} kg`;
};
/** Metric tonnes, hours and ratios: 2 decimals ('2.294,38'). */
export const formatTwo = (value: Shown, language: string) => formatNumber(value, language, 2, 2);
