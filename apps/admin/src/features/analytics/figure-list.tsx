import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ListCards } from '../../components/data-list/list-cards';
import { ListTable } from '../../components/data-list/list-table';
import type { Column } from '../../components/data-list/types';
import { usePhoneLayout } from '../../components/list-layout';
import { type ListSort, type SortOrder, SortPicker } from '../../components/list-sort';
import { useT } from '../../lib/i18n';

// The figure tables of a site's analytics (pages, sources, ranking): every row is already on the screen, so
// they sort in the browser. A table on a wide screen (scrolling sideways inside its card, with a shadow at the
// edge while columns lie out of view); on a phone one card per row, its figures in a grid of three, and the
// sort as one picker: nothing is cut off at 390 px.

/** A column that may sort: `value` is what it sorts by (null sorts last whichever the order). */
export interface FigureColumn<Row, S extends string> extends Column<Row, S> {
  value?: (row: Row) => number | string | null;
}

/** A sortable column of one figure of a row (sorted by it, missing ones last), shown on one line in the given form. */
export function figure<Row, S extends string, K extends FigureKey<Row> & S>(
  key: string,
  title: string,
  sort: K,
  show: (n: Row[K]) => ReactNode,
): FigureColumn<Row, S> {
  return { key, title, sort, value: (r) => r[sort] as number | null, nowrap: true, render: (r) => show(r[sort]) };
}

/** The names of a row's figures: its number fields, whether or not they may be missing. */
type FigureKey<Row> = { [K in keyof Row]: Row[K] extends number | null ? K : never }[keyof Row];

/** A sort kept in component state, with the list screens' header and phone picker behaviour. */
export function useLocalSort<S extends string>(sorts: readonly S[], initial: S, initialOrder: SortOrder = 'desc'): ListSort<S> {
  const [state, setState] = useState<{ sort: S; order: SortOrder }>({ sort: initial, order: initialOrder });
  return {
    sorts,
    sort: state.sort,
    order: state.order,
    sortBy: (s) => setState((p) => ({ sort: s, order: p.sort === s ? (p.order === 'asc' ? 'desc' : 'asc') : 'desc' })),
    pick: (v) => {
      const [s, o] = (v ?? '').split(':');
      if (s && sorts.includes(s as S)) setState({ sort: s as S, order: o === 'asc' ? 'asc' : 'desc' });
    },
  };
}

/** The rows in the order of a column; rows without a value last, ties in their given order. */
export function sortRows<Row, S extends string>(
  rows: readonly Row[],
  columns: readonly FigureColumn<Row, S>[],
  sorting: ListSort<S>,
): Row[] {
  const value = columns.find((c) => c.sort === sorting.sort)?.value;
  if (!value) return [...rows];
  const dir = sorting.order === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
      const d = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : String(a.v).localeCompare(String(b.v));
      return d === 0 ? a.i - b.i : d * dir;
    })
    .map((x) => x.row);
}

/** A phone's card: the title columns as its heading, every other figure as a labelled cell of a three-wide grid. */
function FigureCard<Row, S extends string>({ row, columns }: { row: Row; columns: readonly FigureColumn<Row, S>[] }) {
  const titles = columns.filter((c) => c.phone === 'title');
  const cells = columns.filter((c) => (c.phone ?? 'line') === 'line');
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {titles.map((c) => (
          <div key={c.key}>{c.render(row)}</div>
        ))}
      </Group>
      <SimpleGrid cols={3} spacing="xs" verticalSpacing={6}>
        {cells.map((c) => (
          <Stack key={c.key} gap={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Text size="xs" c="dimmed" lh={1.3}>
              {c.title}
            </Text>
            <div style={{ fontSize: 'var(--mantine-font-size-sm)' }}>{c.render(row)}</div>
          </Stack>
        ))}
      </SimpleGrid>
    </>
  );
}

export function FigureList<Row, S extends string>({
  label,
  rows,
  columns,
  sorting,
  rowKey,
  minWidth,
  testId,
  rowTestId,
}: {
  /** the table's name for screen readers */
  label: string;
  rows: readonly Row[];
  columns: readonly FigureColumn<Row, S>[];
  sorting?: ListSort<S>;
  rowKey: (row: Row) => string | number;
  /** the table's width below which it scrolls sideways */
  minWidth?: number;
  testId?: string;
  rowTestId?: string;
}) {
  const t = useT();
  const phone = usePhoneLayout();
  const items = sorting ? sortRows(rows, columns, sorting) : [...rows];
  const query = {
    data: { items, total: items.length },
    isPending: false,
    isError: false,
    isFetching: false,
    error: null,
    refetch: () => {},
  };
  if (!phone)
    return (
      <ListTable
        label={label}
        query={query}
        columns={columns}
        sorting={sorting}
        sortLabel={(column) => t('admin.an_sort_by', { column })}
        rowKey={rowKey}
        testId={testId}
        rowTestId={rowTestId}
        minWidth={minWidth}
      />
    );
  const titleOf = (s: S) => columns.find((c) => c.sort === s)?.title ?? s;
  return (
    <Stack gap="xs">
      {sorting && (
        <SortPicker label={t('admin.list_sort_label')} sorting={sorting} sortName={titleOf} orderName={(o) => t(`admin.an_order_${o}`)} />
      )}
      <ListCards
        query={query}
        columns={columns}
        rowKey={rowKey}
        testId={testId}
        rowTestId={rowTestId}
        card={(row) => <FigureCard row={row} columns={columns} />}
      />
    </Stack>
  );
}
