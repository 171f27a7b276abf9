import { Card, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { ListFooter, ListSearch } from '../list-controls';
import { ClearFiltersButton, ExportCsvButton, FilterBar, ListError, usePhoneLayout } from '../list-layout';
import { SortPicker } from '../list-sort';
import { EmptyState } from '../states';
import { type CsvSource, downloadCsv, listCsv } from './csv';
import { ListCards } from './list-cards';
import type { ListState } from './list-state';
import { ListTable } from './list-table';
import type { Column, ListQuery } from './types';

// The one list of the back-office: every list screen gives its columns, its query and its texts, and gets the
// same search box and filters, headers that sort on the server, pages, CSV export, placeholder rows while it
// loads, an empty state (with "clear filters" when a search or filter emptied it) and an error with a retry.
// A table on a wide screen; cards on a phone, drawn from the columns unless the page draws its own.

export interface EmptyText {
  title: string;
  body?: string;
  action?: ReactNode;
}

export interface DataListProps<Row, S extends string, F extends string> {
  /** The list's name for screen readers (its table's label). */
  label: string;
  state: ListState<S, F>;
  query: ListQuery<Row>;
  columns: readonly Column<Row, S>[];
  rowKey: (row: Row) => string | number;
  /** The search box's label; without one the list has no search. */
  search?: string;
  /** The list's filter controls, after the search box. */
  filters?: ReactNode;
  /** A line at the end of the bar (a count, an average). */
  summary?: ReactNode;
  csv?: CsvSource<Row>;
  /** The list has no rows at all. */
  empty: EmptyText;
  /** A search or filter left no rows (default: the empty text); "clear filters" is added. */
  noMatch?: Omit<EmptyText, 'action'>;
  /** Names of the sorts no column header shows (the phone's sort picker lists every sort). */
  sortNames?: Partial<Record<S, string>>;
  /** A card of the page's own on a phone instead of the one drawn from the columns. */
  card?: (row: Row) => ReactNode;
  /** `cards`: cards at every width (a feed). */
  layout?: 'auto' | 'cards';
  /** false: one page of rows, no footer (a short log). */
  paged?: boolean;
  /** The table's width below which it scrolls sideways. */
  minWidth?: number;
  testId?: string;
  rowTestId?: string;
}

export function DataList<Row, S extends string = never, F extends string = never>(p: DataListProps<Row, S, F>) {
  const t = useT();
  const phone = usePhoneLayout();
  const cards = phone || p.layout === 'cards';
  const { state, query } = p;
  const sorting = state.sorting;
  const csv = useMutation({
    mutationFn: (source: CsvSource<Row>) => listCsv(source, p.columns, query.data?.items ?? []),
    onSuccess: (text, source) => downloadCsv(text, source.fileName),
    onError: (e) => notifyError(e),
  });
  const sortName = (s: S) => p.sortNames?.[s] ?? p.columns.find((c) => c.sort === s)?.title ?? s;
  const empty = query.data && query.data.items.length === 0;
  const none = state.filtered ? { ...p.empty, ...p.noMatch, action: <ClearFiltersButton onClick={state.clear} /> } : p.empty;
  const bar = p.search !== undefined || p.filters || p.summary || p.csv || (cards && sorting);

  return (
    <Card withBorder padding={0} radius="md">
      {bar && (
        <FilterBar>
          {p.search !== undefined && <ListSearch label={p.search} value={state.searchInput} onChange={state.setSearchInput} />}
          {p.filters}
          {cards && sorting && (
            <SortPicker
              label={t('admin.list_sort_label')}
              sorting={sorting}
              sortName={sortName}
              orderName={(o) => t(`admin.list_sorted_${o}`)}
            />
          )}
          {(p.summary || p.csv) && (
            <Group gap="sm" ml="auto" wrap="wrap">
              {p.summary}
              {p.csv && <ExportCsvButton loading={csv.isPending} onClick={() => p.csv && csv.mutate(p.csv)} />}
            </Group>
          )}
        </FilterBar>
      )}
      {query.isError ? (
        <ListError query={query} />
      ) : cards ? (
        <ListCards query={query} columns={p.columns} card={p.card} rowKey={p.rowKey} testId={p.testId} rowTestId={p.rowTestId} />
      ) : (
        <ListTable
          label={p.label}
          query={query}
          columns={p.columns}
          sorting={sorting}
          sortLabel={(column) => t('admin.list_sort_by', { column })}
          rowKey={p.rowKey}
          testId={p.testId}
          rowTestId={p.rowTestId}
          minWidth={p.minWidth}
        />
      )}
      {empty && <EmptyState {...none} />}
      {p.paged !== false && query.data && query.data.total > 0 && (
        <ListFooter page={state.page} pageSize={state.pageSize} total={query.data.total} set={state.set} />
      )}
    </Card>
  );
}
