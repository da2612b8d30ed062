// The reference lists an admin runs, in the order the page offers them.

import { isUuid } from '../../../domain/ids';
import { type ResourceName, resourceNames, resources } from '../../../domain/registry';

export const referenceLists = resourceNames.filter(
  (name) => resources[name].kind === 'lookup' && resources[name].merge !== undefined,
) as ResourceName[];

/** The text an entry is found by: every text field (names in both languages, codes...). */
export function searchText(row: Record<string, unknown>): string {
  return Object.values(row)
    .filter((value): value is string => typeof value === 'string' && !isUuid(value))
    .join(' ');
}
