import { Group, Table, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { DeferredSelect } from './deferred-select';
import { IconArrowDown, IconArrowUp } from './icons';

// Sorting of a back-office list, kept in the URL (`sort`, `order`, back to page 1 on every change): the column
// headers on wide screens, one "key · order" picker on a phone. Each list passes its own sorts and defaults.

export type SortOrder = 'asc' | 'desc';
type SetParams = (patch: Record<string, string | null>) => void;

export interface SortOptions<S extends string> {
  sorts: readonly S[];
  /** The sort when the URL names none (the picker leaves it out of the URL). */
  defaultSort: S;
  /** The order a sort starts in: when the URL names none, or a header switches to that column. */
  defaultOrder: (s: S) => SortOrder;
  /** The picker leaves `order` out of the URL when it is the sort's default order (otherwise it always writes it). */
  omitDefaultOrder?: boolean;
}

export interface ListSort<S extends string> {
  sorts: readonly S[];
  sort: S;
  order: SortOrder;
  /** A header was clicked: the same column flips its order, another one starts in its default order. */
  sortBy: (s: S) => void;
  /** The phone picker chose a "key:order" entry. */
  pick: (value: string | null) => void;
}

export function listSort<S extends string>(sp: URLSearchParams, set: SetParams, o: SortOptions<S>): ListSort<S> {
  const rawSort = sp.get('sort') ?? '';
  const sort = (o.sorts as readonly string[]).includes(rawSort) ? (rawSort as S) : o.defaultSort;
  const rawOrder = sp.get('order');
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : o.defaultOrder(sort);
  return {
    sorts: o.sorts,
    sort,
    order,
    sortBy: (s) => set({ sort: s, order: s === sort ? (order === 'asc' ? 'desc' : 'asc') : o.defaultOrder(s), page: null }),
    pick: (value) => {
      const [s = o.defaultSort, ord = o.defaultOrder(o.defaultSort)] = (value ?? '').split(':').filter(Boolean);
      const omitOrder = o.omitDefaultOrder && ord === o.defaultOrder(s as S);
      set({ sort: s === o.defaultSort ? null : s, order: omitOrder ? null : ord, page: null });
    },
  };
}

const sortDirection = (order: SortOrder) => (order === 'asc' ? 'ascending' : 'descending');

/** A column header: with `column`, a button that sorts by it (arrow on the active column); without, a plain label. */
export function SortableTh<S extends string>({
  label,
  sortLabel,
  column,
  sorting,
  style,
}: {
  label: string;
  /** The translated "sort by {column}": the button's accessible name. */
  sortLabel?: string;
  column?: S;
  sorting: ListSort<S>;
  style?: CSSProperties;
}) {
  const active = column !== undefined && column === sorting.sort;
  return (
    <Table.Th aria-sort={active ? sortDirection(sorting.order) : undefined} style={style}>
      {column ? (
        <UnstyledButton onClick={() => sorting.sortBy(column)} aria-label={sortLabel} fw={700} fz="sm">
          <Group gap={4} wrap="nowrap">
            {label}
            {active && (sorting.order === 'asc' ? <IconArrowUp size={14} /> : <IconArrowDown size={14} />)}
          </Group>
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
}

/** The header cells of a list's columns: those with a `sort` are sortable, in the order given. */
export function SortableHeaders<S extends string>({
  columns,
  sorting,
  label,
  sortLabel,
  style,
}: {
  columns: readonly { key: string; sort?: S }[];
  sorting: ListSort<S>;
  /** The translated column title. */
  label: (key: string) => string;
  /** The translated "sort by {column}" for a column title. */
  sortLabel: (label: string) => string;
  style?: (key: string) => CSSProperties | undefined;
}) {
  return (
    <>
      {columns.map((c) => {
        const text = label(c.key);
        return (
          <SortableTh
            key={c.key}
            label={text}
            sortLabel={c.sort && sortLabel(text)}
            column={c.sort}
            sorting={sorting}
            style={style?.(c.key)}
          />
        );
      })}
    </>
  );
}

/** The phone's sort: one Select of every "key · order" pair. */
export function SortPicker<S extends string>({
  label,
  sorting,
  sortName,
  orderName,
}: {
  label: string;
  sorting: ListSort<S>;
  sortName: (s: S) => string;
  orderName: (o: SortOrder) => string;
}) {
  return (
    <DeferredSelect
      aria-label={label}
      data={sorting.sorts.flatMap((s) =>
        (['asc', 'desc'] as const).map((o) => ({ value: `${s}:${o}`, label: `${sortName(s)} · ${orderName(o)}` })),
      )}
      value={`${sorting.sort}:${sorting.order}`}
      onChange={sorting.pick}
      w="100%"
    />
  );
}
