import { Table, Text } from '@mantine/core';
import type { AnalysisPage } from '@swipe/core';
import { useState } from 'react';
import type { ListSort, SortOrder } from '../../components/list-sort';
import { SortableHeaders } from '../../components/list-sort';
import { useT } from '../../lib/i18n';
import { count, pct, secs } from './format';

// The per-page table (grid order by default; any column sorts, on the client: a site has at most a few
// hundred pages).

type Key = 'label' | 'views' | 'reach' | 'exitRate' | 'medianDwell' | 'meanDwell' | 'ctaClicks' | 'ctaRate' | 'conversions';
const COLUMNS: { key: string; sort: Key }[] = [
  { key: 'page', sort: 'label' },
  { key: 'views', sort: 'views' },
  { key: 'reach', sort: 'reach' },
  { key: 'exit', sort: 'exitRate' },
  { key: 'median_dwell', sort: 'medianDwell' },
  { key: 'mean_dwell', sort: 'meanDwell' },
  { key: 'cta', sort: 'ctaClicks' },
  { key: 'cta_rate', sort: 'ctaRate' },
  { key: 'cv', sort: 'conversions' },
];

/** A sort kept in component state, with the list screens' header behaviour. */
export function useLocalSort<S extends string>(sorts: readonly S[], initial: S, initialOrder: SortOrder = 'asc'): ListSort<S> {
  const [state, setState] = useState<{ sort: S; order: SortOrder }>({ sort: initial, order: initialOrder });
  return {
    sorts,
    sort: state.sort,
    order: state.order,
    sortBy: (s) => setState((p) => ({ sort: s, order: p.sort === s ? (p.order === 'asc' ? 'desc' : 'asc') : 'desc' })),
    pick: () => undefined,
  };
}

export function PagesTable({ items }: { items: AnalysisPage[] }) {
  const t = useT();
  const sorting = useLocalSort<Key>(
    COLUMNS.map((c) => c.sort),
    'label',
  );
  const rows = [...items].sort((a, b) => {
    const k = sorting.sort;
    const d = k === 'label' ? a.col - b.col || a.row - b.row : (a[k] ?? -1) - (b[k] ?? -1);
    return sorting.order === 'asc' ? d : -d;
  });
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" striped highlightOnHover data-testid="pages-table">
        <Table.Thead>
          <Table.Tr>
            <SortableHeaders
              columns={COLUMNS}
              sorting={sorting}
              label={(k) => t(`admin.an_col_${k}`)}
              sortLabel={(l) => t('admin.an_sort_by', { column: l })}
            />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.pageId} data-testid="page-row">
              <Table.Td>
                <Text size="sm" fw={600}>
                  {p.label}
                </Text>
              </Table.Td>
              <Table.Td>{count(p.views)}</Table.Td>
              <Table.Td>{pct(p.reach)}</Table.Td>
              <Table.Td>{pct(p.exitRate)}</Table.Td>
              <Table.Td>{secs(t, p.medianDwell)}</Table.Td>
              <Table.Td>{secs(t, p.meanDwell)}</Table.Td>
              <Table.Td>{count(p.ctaClicks)}</Table.Td>
              <Table.Td>{pct(p.ctaRate)}</Table.Td>
              <Table.Td>{count(p.conversions)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
