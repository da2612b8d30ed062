// A refused import's problem in the interface's language, worded from its key and values (the answer's
// `problems`, src/domain/import-wire.ts), not from the server's text: a file refused while the user read
// Spanish (or queued offline and refused later) is reworded when they switch to English. The server's
// text stays for a key the app has no words for (a newer server's).
import i18next, { type TFunction } from 'i18next';
import type { ImportProblem } from '../../domain/import-wire';
import { codeOfKeyed, type KeyedMessage, LIST_KEYS } from '../../domain/message-keys';
import { fieldMessage } from '../../ui/fieldErrors';

/** The import's label of a packing item's field ('Net weight'), else its name. */
const fieldLabel = (t: TFunction, field: string | null) =>
  t(`packing:import.field.${field ?? ''}`, { defaultValue: field ?? '' });

/** A keyed message of the import's own (packing:import.server.<key>) in words; null when the app has none. */
function worded(t: TFunction, language: string, { key, values }: KeyedMessage): string | null {
  const list = Object.entries(LIST_KEYS).find(([, listKey]) => listKey === key)?.[0];
  const words: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    const word = typeof value === 'object' ? worded(t, language, value) : value;
    if (word === null) return null;
    // A field is given by its code name: said by its label.
    words[name] = name === 'field' && !list ? fieldLabel(t, String(word)) : word;
  }
  if (list)
    return new Intl.ListFormat(language, {
      style: 'long',
      type: list === 'conjunction' ? 'conjunction' : 'disjunction',
    }).format(Object.values(words).map(String));
  const path = `packing:import.server.${key}`;
  return i18next.exists(path) ? t(path, words) : null;
}

/**
 * A problem in words of `language`: the import's own from packing:import.server (a project gone said as
 * the import's, not as any record's); a domain message (a cell the packing item's rules refuse) naming
 * its field by its label as the forms do, or a whole change's; else the server's text.
 */
export function problemText(t: TFunction, language: string, problem: ImportProblem): string {
  const own = worded(t, language, problem);
  if (own !== null) return own;
  const code = codeOfKeyed(problem);
  return code === null ? problem.text : fieldMessage(t, 'packing-list', fieldLabel(t, problem.field), code);
}
