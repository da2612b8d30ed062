import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import { useLocalDb } from '../store/hooks';
import { labelOf } from './lookups';

/**
 * The names of the records a list's filters point at (a filter tag says 'Port: Valencia', not an id),
 * read live from the device: `refs` names each such filter's resource; undefined while reading.
 */
export function useRefNames<K extends string>(
  refs: Partial<Record<K, ResourceName>>,
  values: Partial<Record<K, unknown>>,
): Partial<Record<K, string>> | undefined {
  const db = useLocalDb();
  const { i18n } = useTranslation();
  const language = i18n.language;
  // Read again only when an id changes, not on every keystroke in the list's other filters.
  const ids = JSON.stringify((Object.keys(refs) as K[]).map((key) => values[key]));
  return useLiveQuery(async () => {
    const found: Partial<Record<K, string>> = {};
    if (!db) return found;
    for (const [key, resource] of Object.entries(refs) as [K, ResourceName][]) {
      const id = values[key];
      if (typeof id === 'string' && id)
        found[key] = labelOf(resource, await db.rows(resource).get(id), language);
    }
    return found;
  }, [db, ids, language]);
}
