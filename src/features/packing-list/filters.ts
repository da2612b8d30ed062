// The packing list's filters (the spec's filter modal) and how a row is tested against them.
import type { RowOfResource } from '../../store/schema';

export interface PackingFilters {
  reference: string;
  commodity: string | null;
  /** The checkbox: only validated items when set. */
  validated: boolean;
  validation_prompter_identifier: string | null;
  validation_hand: string | null;
  location: string | null;
  validation_hold: number | null;
  validation_datetime_after: string | null;
  validation_datetime_before: string | null;
}

export const emptyFilters: PackingFilters = {
  reference: '',
  commodity: null,
  validated: false,
  validation_prompter_identifier: null,
  validation_hand: null,
  location: null,
  validation_hold: null,
  validation_datetime_after: null,
  validation_datetime_before: null,
};

/** The filters set, as keys (for tags and to know whether to scan). */
export function activeFilters(filters: PackingFilters): (keyof PackingFilters)[] {
  return (Object.keys(filters) as (keyof PackingFilters)[]).filter((key) => {
    const value = filters[key];
    return value !== null && value !== '' && value !== false;
  });
}

/** Whether a row passes every filter set (commodity and location may already be narrowed by the index). */
export function matches(filters: PackingFilters): (row: RowOfResource<'packing-list'>) => boolean {
  const reference = filters.reference.trim().toLowerCase();
  return (row) => {
    if (reference && !(row.reference ?? '').toLowerCase().includes(reference)) return false;
    if (filters.commodity && row.commodity !== filters.commodity) return false;
    if (filters.validated && row.validated !== true) return false;
    if (
      filters.validation_prompter_identifier &&
      row.validation_prompter_identifier !== filters.validation_prompter_identifier
    )
      return false;
    if (filters.validation_hand && row.validation_hand !== filters.validation_hand) return false;
    if (filters.location && row.location !== filters.location) return false;
    if (filters.validation_hold !== null && row.validation_hold !== filters.validation_hold) return false;
    const at = row.validation_datetime ?? '';
    if (filters.validation_datetime_after && (!at || at < filters.validation_datetime_after)) return false;
    if (filters.validation_datetime_before && (!at || at > filters.validation_datetime_before)) return false;
    return true;
  };
}
