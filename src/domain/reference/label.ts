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
 * The name of a `resource` row in `language`: a translated reference list's Spanish name where it has
 * one (its English name otherwise), a user's full name and user name, an account's trade name, a
 * project's code and name, a hand's description or gang. Empty for no row.
 */
export function lookupLabel(resource: string, row: Row | null | undefined, language: string): string {
  if (!row) return '';
  switch (resource) {
    case 'users': {
      const full = `${text(row.first_name)} ${text(row.last_name)}`.trim();
      return full ? `${full} (${text(row.username)})` : text(row.username);
    }
    case 'accounts':
      return text(row.trade_name);
    case 'project':
      return [text(row.code), text(row.name)].filter(Boolean).join(' · ');
    case 'hand':
      return (
        text(row.description) || (row.gang_no !== null && row.gang_no !== undefined ? `#${row.gang_no}` : '')
      );
  }
  const translated = isResourceName(resource) ? catalogue.resources[resource].translated : null;
  if (translated) {
    const spanish = labelLanguage(language) === 'es' ? text(row[translated.es]) : '';
    return spanish || text(row[translated.en]) || text(row.code) || text(row.id);
  }
  return text(row.name) || text(row.code) || text(row.id);
}
