// The fix form's values: each field as the text the user edits, and back to the value the store checks.
// "Form" shows text fields as plain text and numbers as numbers; "raw" shows every value as JSON.
import { moveField } from '../../domain/refusals';
import { getResource, type ResourceName } from '../../domain/registry';
import type { OutboxEntry } from '../../store/schema';

export type FixMode = 'form' | 'raw';

const PLAIN = new Set(['text', 'date', 'datetime', 'time', 'uuid', 'ref', 'choice', 'decimal']);

export function fieldKind(resource: ResourceName, name: string): string {
  return getResource(resource)?.fields[name]?.info.kind ?? 'json';
}

/**
 * The fields the fix form shows but does not let change: once the record exists (an update, or a create
 * the server already has), the one that would move it to another project (a record stays in its project).
 */
export function fixedFields(entry: OutboxEntry, exists: boolean): string[] {
  const resource = getResource(entry.resource);
  const field = resource ? moveField(resource) : null;
  return field && (exists || entry.op === 'update') ? [field] : [];
}

/** The fields the fix form offers: a create's every writable field, an update's changed ones. */
export function fixFields(entry: OutboxEntry): string[] {
  const writable = Object.keys(getResource(entry.resource)?.fields ?? {});
  if (entry.op === 'create') return writable;
  return Object.keys(entry.data ?? {}).filter((name) => writable.includes(name));
}

export function toText(value: unknown, kind: string, mode: FixMode): string {
  if (mode === 'raw') return JSON.stringify(value ?? null);
  if (value === null || value === undefined) return '';
  if (PLAIN.has(kind) && typeof value === 'string') return value;
  if (kind === 'int' && typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Parses one edited field; throws SyntaxError on bad JSON (shown under the field). */
export function fromText(text: string, kind: string, mode: FixMode): unknown {
  const trimmed = text.trim();
  if (mode === 'raw') return JSON.parse(trimmed === '' ? 'null' : trimmed);
  if (trimmed === '') return null;
  if (PLAIN.has(kind)) return text;
  if (kind === 'int') {
    const number = Number(trimmed);
    // Left as typed when not a number: the store's validation says what is wrong.
    return Number.isFinite(number) ? number : text;
  }
  if (kind === 'bool') return trimmed === 'true';
  return JSON.parse(trimmed);
}

/** The ids of a ref list as the form edits it (its JSON text); none when the text is not such a list. */
export function idsOf(text: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text || '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** "crew_count" → "Crew count" (labels that read as words, not as keys). */
export function humanize(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
