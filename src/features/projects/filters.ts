// The projects list's filters and page, kept in the address (?page=2&status=...) so a return restores them.
import { pageFromParam } from '../../ui/paging';

export const PROJECT_PAGE_SIZE = 10;

export interface ProjectFilters {
  search: string;
  port: string | null;
  vessel: string | null;
  initial_date_after: string | null;
  initial_date_before: string | null;
  end_date_after: string | null;
  end_date_before: string | null;
  status: string | null;
  commodity: string | null;
}

export const FILTER_KEYS = [
  'search',
  'port',
  'vessel',
  'initial_date_after',
  'initial_date_before',
  'end_date_after',
  'end_date_before',
  'status',
  'commodity',
] as const satisfies readonly (keyof ProjectFilters)[];

export type FilterKey = (typeof FILTER_KEYS)[number];

export const emptyFilters: ProjectFilters = {
  search: '',
  port: null,
  vessel: null,
  initial_date_after: null,
  initial_date_before: null,
  end_date_after: null,
  end_date_before: null,
  status: null,
  commodity: null,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_KEYS = new Set<FilterKey>([
  'initial_date_after',
  'initial_date_before',
  'end_date_after',
  'end_date_before',
]);

export function filtersFromParams(params: URLSearchParams): { filters: ProjectFilters; page: number } {
  const filters: ProjectFilters = { ...emptyFilters };
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (key === 'search') filters.search = value;
    else if (DATE_KEYS.has(key)) filters[key] = DATE.test(value) ? value : null;
    else filters[key] = value;
  }
  return { filters, page: pageFromParam(params.get('page')) };
}

export function paramsFromFilters(filters: ProjectFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

export function activeFilterKeys(filters: ProjectFilters): FilterKey[] {
  return FILTER_KEYS.filter((key) => Boolean(filters[key]));
}

export function hasFilters(filters: ProjectFilters): boolean {
  return activeFilterKeys(filters).length > 0;
}
