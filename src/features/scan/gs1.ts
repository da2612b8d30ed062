// GS1 element strings as a scanner gives them (GS1-128, GS1 DataMatrix, GS1 QR): application identifiers
// run together, a variable-length field ended by GS (0x1D) unless it is the last. Written out in their
// human-readable form, "(01)09501101530008(21)C24A0193(3100)012450", so a scan rule reads them with
// plain parentheses whatever the scanner gave.

const GS = '\u001d';
/** Symbology identifiers a scanner may put first: GS1-128, GS1 DataMatrix, GS1 QR, GS1 DataBar. */
const SYMBOLOGY = /^\](?:C1|d2|Q3|e0|J1)/;

/** Total length (AI + data) of the AIs whose length is fixed, by their first two digits (GS1 General Specifications, 7.8.5). */
const FIXED: Record<string, number> = {
  '00': 20,
  '01': 16,
  '02': 16,
  '03': 16,
  '04': 18,
  '11': 8,
  '12': 8,
  '13': 8,
  '14': 8,
  '15': 8,
  '16': 8,
  '17': 8,
  '18': 8,
  '19': 8,
  '20': 4,
  '31': 10,
  '32': 10,
  '33': 10,
  '34': 10,
  '35': 10,
  '36': 10,
  '41': 16,
};

/** How many digits the AI starting with these two has. */
function aiLength(firstTwo: string): number {
  const head = Number(firstTwo);
  if (head <= 22 || head === 30 || head === 37 || head >= 90) return 2;
  if ((head >= 23 && head <= 29) || (head >= 40 && head <= 42)) return 3;
  return 4;
}

/** Whether the text is a GS1 element string (by its identifier, a GS, or a GTIN or SSCC first). */
function looksLikeGs1(text: string): boolean {
  return SYMBOLOGY.test(text) || text.includes(GS) || /^(?:0[1-3]\d{14}|00\d{18})/.test(text);
}

/** The element string's (AI, value) pairs, or null when it does not parse as one. */
export function parseGs1(text: string): [string, string][] | null {
  let rest = text.replace(SYMBOLOGY, '');
  const pairs: [string, string][] = [];
  while (rest.length > 0) {
    if (rest.startsWith(GS)) {
      rest = rest.slice(1);
      continue;
    }
    if (!/^\d{2}/.test(rest)) return null;
    const ai = rest.slice(0, aiLength(rest.slice(0, 2)));
    if (!/^\d+$/.test(ai)) return null;
    const fixed = FIXED[ai.slice(0, 2)];
    let value: string;
    if (fixed !== undefined) {
      value = rest.slice(ai.length, fixed);
      if (value.length !== fixed - ai.length) return null;
      rest = rest.slice(fixed);
    } else {
      const end = rest.indexOf(GS);
      value = rest.slice(ai.length, end < 0 ? undefined : end);
      rest = end < 0 ? '' : rest.slice(end + 1);
    }
    pairs.push([ai, value]);
  }
  return pairs.length > 0 ? pairs : null;
}

/** The human-readable form of a GS1 element string, or the text as it came when it is not one. */
export function gs1Readable(text: string): string {
  if (!looksLikeGs1(text)) return text;
  const pairs = parseGs1(text);
  return pairs ? pairs.map(([ai, value]) => `(${ai})${value}`).join('') : text;
}
