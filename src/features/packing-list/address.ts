// The packing list's filters and page kept in the project page's address (?pl_commodity=...&pl_page=2), as
// the projects list keeps its own: a reload or a return shows the same rows. Prefixed, so other sections
// of the page may keep theirs beside them; anything malformed is read as no filter.
import { locations } from '../../domain/enums';
import { isUuid } from '../../domain/ids';
import { pageFromParam } from '../../ui/paging';
import { emptyFilters, type PackingFilters } from './filters';

const PREFIX = 'pl_';
const KEYS = Object.keys(emptyFilters) as (keyof PackingFilters)[];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function read(key: keyof PackingFilters, value: string): PackingFilters[typeof key] {
  switch (key) {
    case 'reference':
      return value;
    case 'validated':
      return value === 'true';
    case 'validation_hold': {
      const hold = Number(value);
      return Number.isInteger(hold) && hold >= 0 ? hold : null;
    }
    case 'location':
      return (locations as readonly string[]).includes(value) ? value : null;
    case 'validation_datetime_after':
    case 'validation_datetime_before':
      return ISO.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
    default:
      // commodity, validation_hand, validation_prompter_identifier: record ids.
      return isUuid(value) ? value : null;
  }
}

export function packingFromParams(params: URLSearchParams): { filters: PackingFilters; page: number } {
  const filters: PackingFilters = { ...emptyFilters };
  for (const key of KEYS) {
    const value = params.get(PREFIX + key)?.trim();
    if (value) Object.assign(filters, { [key]: read(key, value) });
  }
  return { filters, page: pageFromParam(params.get(`${PREFIX}page`)) };
}

/** `params` with the packing list's part replaced (the rest of the address kept). */
export function paramsWithPacking(
  params: URLSearchParams,
  filters: PackingFilters,
  page: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...KEYS, 'page']) next.delete(PREFIX + key);
  for (const key of KEYS) {
    const value = filters[key];
    if (value !== null && value !== '' && value !== false) next.set(PREFIX + key, String(value));
  }
  if (page > 1) next.set(`${PREFIX}page`, String(page));
  return next;
}
