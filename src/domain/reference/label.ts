// How a record is named where another refers to it, in the reader's language: the one function the
// app's screens (src/ui/lookups.ts labelOf) and the server's reports use, so a status, a commodity or an
// event type reads the same on the tablet, in a filter tag and in the spreadsheet.
import { catalogue, isResourceName } from '../catalogue';

export type LabelLanguage = 'en' | 'es';

type Row = Readonly<Record<string, unknown>>;

/** A value of a row whose resource is not known here, as text: the value when it is text, else ''. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const text = textOf;

/** 'es' for Spanish ('es', 'es-ES'), else English. */
export function labelLanguage(language: string | null | undefined): LabelLanguage {
  return language?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/**
 * The name of a `resource` row in `language`: its `display` fields of text (the registry's, through the
 * catalogue's labelFields) joined by ' · ' ('SL-24 · MV Nordic' for a project, a packing item's reference,
 * an incidence's description, an account's trade name); empty for no row, its id when they are empty.
 *
 * Three kinds of resource are not named by joining their display, which would word them worse on every
 * screen that lists them (selects, filter tags, history, the sync panel, the reports' headers): a user's
 * display (username, first_name, last_name: the REST representation's nested fields) joined reads
 * 'marta · Marta · Ruiz', where the screens say 'Marta Ruiz (marta)'; a translated reference list's display
 * holds both languages' names ('Valencia · València'), where a reader sees the one of their language (its
 * English one when it has no Spanish name); a hand with no description is named by its gang number
 * ('#2'), which its display holds as a number. A project event's display is its dates, which the app
 * formats in the reader's time zone (src/ui/lookups.ts labelOf), a domain function cannot.
 */
export function lookupLabel(resource: string, row: Row | null | undefined, language: string): string {
  if (!row) return '';
  if (resource === 'users') {
    const full = `${text(row.first_name)} ${text(row.last_name)}`.trim();
    return full ? `${full} (${text(row.username)})` : text(row.username);
  }
  const entry = isResourceName(resource) ? catalogue.resources[resource] : null;
  const translated = entry?.translated;
  if (translated) {
    const spanish = labelLanguage(language) === 'es' ? text(row[translated.es]) : '';
    return spanish || text(row[translated.en]) || text(row.code) || text(row.id);
  }
  const shown = (entry?.labelFields ?? [])
    .map((field) => text(row[field]))
    .filter(Boolean)
    .join(' · ');
  if (shown) return shown;
  if (resource === 'hand' && row.gang_no !== null && row.gang_no !== undefined) return `#${row.gang_no}`;
  return text(row.name) || text(row.code) || text(row.id);
}
