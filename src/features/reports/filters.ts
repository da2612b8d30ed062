// The container reports list's filters and page, kept in the address so a return restores them.
import { pageFromParam } from '../../ui/paging';

export const CONTAINER_PAGE_SIZE = 10;

export const FILTER_KEYS = ['container_number', 'date_after', 'date_before', 'manager', 'status'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type ContainerFilters = Record<FilterKey, string | null>;

export const emptyFilters: ContainerFilters = {
  container_number: null,
  date_after: null,
  date_before: null,
  manager: null,
  status: null,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromParams(params: URLSearchParams): { filters: ContainerFilters; page: number } {
  const filters: ContainerFilters = { ...emptyFilters };
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    filters[key] = key.startsWith('date_') && !DATE.test(value) ? null : value;
  }
  return { filters, page: pageFromParam(params.get('page')) };
}

export function paramsFromFilters(filters: ContainerFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}
