// Finding a packing item from the end of its reference, as the prompter types it (the last digits
// painted on a coil are enough when no other reference of the project ends the same way). The project's
// references are read once from the [project+reference] index (keys only) and kept reversed and sorted,
// so a lookup is a binary search, not a scan.

export type ReferenceMatch =
  | { kind: 'unique'; reference: string }
  | { kind: 'ambiguous'; candidates: string[] }
  | { kind: 'none' };

const reverse = (text: string) => [...text].reverse().join('');
const normal = (text: string) => text.trim().toLowerCase();

export class ReferenceIndex {
  /** Reversed, lower-case references, sorted; `originals` holds the reference each came from. */
  private readonly keys: string[];
  private readonly originals: string[];

  constructor(references: Iterable<string>) {
    const pairs = [...references].map((reference) => [reverse(normal(reference)), reference] as const);
    pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.keys = pairs.map(([key]) => key);
    this.originals = pairs.map(([, reference]) => reference);
  }

  get size(): number {
    return this.keys.length;
  }

  private lowerBound(key: string): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle] < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The reference ending with `typed`; a whole reference typed wins over longer ones ending the same. */
  match(typed: string, limit = 5): ReferenceMatch {
    const key = reverse(normal(typed));
    if (!key) return { kind: 'none' };
    const found: string[] = [];
    let exact: string | null = null;
    for (
      let index = this.lowerBound(key);
      index < this.keys.length && this.keys[index].startsWith(key);
      index++
    ) {
      if (this.keys[index] === key) exact = this.originals[index];
      if (found.length <= limit) found.push(this.originals[index]);
    }
    if (exact) return { kind: 'unique', reference: exact };
    if (found.length === 0) return { kind: 'none' };
    if (found.length === 1) return { kind: 'unique', reference: found[0] };
    return { kind: 'ambiguous', candidates: found.slice(0, limit) };
  }
}

/** References typed or pasted together: split on spaces, commas, semicolons and new lines. */
export function splitReferences(input: string): string[] {
  return input
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}
