import { useListParams } from '../list-controls';
import { type ListSort, listSort, type SortOptions } from '../list-sort';

// The query of one list, kept in the URL (a reload or a shared link shows the same list): page, page size,
// search, sort and order, and the list's own filters. A filter value the list does not know counts as absent,
// and every change of search, filter or sort goes back to the first page.

/** Whether a filter's URL value is one the list knows. */
export type FilterRule = (raw: string) => boolean;
export const oneOf =
  (values: readonly string[]): FilterRule =>
  (raw) =>
    values.includes(raw);
export const positiveId: FilterRule = (raw) => /^[1-9]\d{0,15}$/.test(raw);

export interface ListStateOptions<S extends string, F extends string> {
  sort?: SortOptions<S>;
  /** The list's filters by URL parameter name; a filter left out of the URL is its default ("all"). */
  filters?: Record<F, FilterRule>;
  /** Two lists on one screen keep their parameters apart (`i` gives `ipage`, `istatus`…). */
  prefix?: string;
}

export interface ListState<S extends string = string, F extends string = string> {
  page: number;
  pageSize: number;
  /** The search the query runs (the box's text once typing pauses). */
  search: string;
  searchInput: string;
  setSearchInput: (v: string) => void;
  sorting: ListSort<S> | undefined;
  /** Each filter's value from the URL, absent when not set or not one the list knows. */
  filter: Partial<Record<F, string>>;
  /** Sets one filter (null: back to all) and goes back to page 1. */
  setFilter: (name: F, value: string | null) => void;
  /** A search or a filter narrows the list (its empty state then offers to clear them). */
  filtered: boolean;
  clear: () => void;
  set: (patch: Record<string, string | null>) => void;
}

/** A list with sorts always has a sort and an order. */
export type ListStateOf<S extends string, F extends string> = ListState<S, F> & ([S] extends [never] ? unknown : { sorting: ListSort<S> });

export function useListState<S extends string = never, F extends string = never>(o: ListStateOptions<S, F> = {}): ListStateOf<S, F> {
  const lp = useListParams(o.prefix);
  const rules = (o.filters ?? {}) as Record<F, FilterRule>;
  const names = Object.keys(rules) as F[];
  const filter: Partial<Record<F, string>> = {};
  for (const name of names) {
    const raw = lp.sp.get(name);
    if (raw !== null && rules[name](raw)) filter[name] = raw;
  }
  const state: ListState<S, F> = {
    page: lp.page,
    pageSize: lp.pageSize,
    search: lp.search,
    searchInput: lp.searchInput,
    setSearchInput: lp.setSearchInput,
    sorting: o.sort ? listSort(lp.sp, lp.set, o.sort) : undefined,
    filter,
    setFilter: (name, value) => lp.set({ [name]: value, page: null }),
    filtered: lp.search !== '' || names.some((n) => filter[n] !== undefined),
    clear: () => {
      lp.setSearchInput('');
      lp.set({ q: null, page: null, ...Object.fromEntries(names.map((n) => [n, null])) });
    },
    set: lp.set,
  };
  // `sorting` is set exactly when the options have sorts, which is what the type says
  return state as ListStateOf<S, F>;
}
