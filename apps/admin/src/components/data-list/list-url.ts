// A list's page, page size and search as its URL holds them, without React: the list's hook
// (list-controls.tsx) and a route's loader that starts the list's request early (router.tsx) read them alike,
// so both ask for the same query.

export const PAGE_SIZES = ['10', '20', '50', '100'];
export const DEFAULT_SIZE = '20';

/** Page (from 1), page size (one of PAGE_SIZES) and search of one list's parameters (named without prefix). */
export function listParamsOf(sp: URLSearchParams): { page: number; pageSize: number; search: string } {
  const size = sp.get('size') ?? '';
  return {
    page: Math.max(1, Number(sp.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(size) ? Number(size) : Number(DEFAULT_SIZE),
    search: sp.get('q') ?? '',
  };
}
