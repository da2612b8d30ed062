// The loose counter's quantity as typed: decimal text (a comma is taken as the point), never a float.

/** Canonical decimal text with up to 3 decimals, or null when the text is not a non-negative decimal. */
export function parseQuantity(input: string): string | null {
  const text = input.trim().replace(',', '.');
  if (!/^\d{1,11}(\.\d{0,3})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(3, '0')}`;
}
