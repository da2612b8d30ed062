// Paging arithmetic shared by every paged table (the spec: moves to page 0 or past the last are ignored;
// page 1 is always allowed).

/** The last page number; an empty list still has page 1. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Whether a move to `page` is allowed. */
export function acceptPage(page: number, total: number, pageSize: number): boolean {
  if (!Number.isInteger(page)) return false;
  return page === 1 || (page >= 1 && page <= lastPage(total, pageSize));
}

/** The 1-based positions shown ('a - b of total'); 0 - 0 when empty. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

/** A page number read from the address: a positive integer, else 1. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
