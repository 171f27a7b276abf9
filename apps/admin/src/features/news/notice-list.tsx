import { Anchor, Card, Select, Stack, Table, Text } from '@mantine/core';
import { NOTICE_FILTERS, NOTICE_SORTS, type NoticeFilter, type NoticeSort, type NoticeStatus } from '@swipe/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListFooter, ListSearch, type useListParams } from '../../components/list-controls';
import { ClearFiltersButton, FilterBar, ListError, SkeletonCards, SkeletonRows, usePhoneLayout } from '../../components/list-layout';
import { type ListSort, listSort, SortableHeaders, SortPicker } from '../../components/list-sort';
import { EmptyState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { NoticeStatusBadge } from './notice-status';

// The writer's list of news or system notifications: status filter (all, published, unpublished, draft,
// expired), search, sort by column (created, start, title), pages; a table on wide screens, cards on a phone.

export interface NoticeRow {
  id: number;
  title: string;
  status: NoticeStatus;
  scheduled: boolean;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
  extra?: string;
}
type Params = ReturnType<typeof useListParams>;

export function noticeListState(lp: Params) {
  const raw = lp.sp.get('status') ?? 'all';
  const status: NoticeFilter = (NOTICE_FILTERS as readonly string[]).includes(raw) ? (raw as NoticeFilter) : 'all';
  const sorting: ListSort<NoticeSort> = listSort(lp.sp, lp.set, {
    sorts: NOTICE_SORTS,
    defaultSort: 'created',
    defaultOrder: (s) => (s === 'title' ? 'asc' : 'desc'),
  });
  return {
    status,
    sorting,
    params: { page: lp.page, pageSize: lp.pageSize, search: lp.search, status, sort: sorting.sort, order: sorting.order },
  };
}

const COLUMNS: { key: string; sort?: NoticeSort }[] = [
  { key: 'title', sort: 'title' },
  { key: 'status' },
  { key: 'start', sort: 'start' },
  { key: 'end' },
  { key: 'created', sort: 'created' },
];

export function NoticeList({
  lp,
  state,
  list,
  href,
  extraLabel,
  testId,
}: {
  lp: Params;
  state: ReturnType<typeof noticeListState>;
  list: UseQueryResult<{ items: NoticeRow[]; total: number }>;
  href: (id: number) => string;
  extraLabel?: string;
  testId: string;
}) {
  const t = useT();
  const phone = usePhoneLayout();
  const filtered = state.status !== 'all' || lp.search !== '';
  const columns = extraLabel ? [...COLUMNS.slice(0, 2), { key: 'extra' }, ...COLUMNS.slice(2)] : COLUMNS;
  return (
    <Card withBorder padding={0} radius="md">
      <FilterBar>
        <ListSearch label={t('admin.notices_search')} value={lp.searchInput} onChange={lp.setSearchInput} />
        <Select
          aria-label={t('admin.notices_filter')}
          data={NOTICE_FILTERS.map((f) => ({ value: f, label: t(`admin.notices_filter_${f}`) }))}
          value={state.status}
          onChange={(v) => lp.set({ status: v === 'all' ? null : v, page: null })}
          allowDeselect={false}
          w={180}
        />
        {phone && (
          <SortPicker
            label={t('admin.notices_sort_label')}
            sorting={state.sorting}
            sortName={(s) => t(`admin.notices_col_${s}`)}
            orderName={(o) => t(`admin.notices_sorted_${o}`)}
          />
        )}
      </FilterBar>
      {list.isError ? (
        <ListError query={list} />
      ) : list.data && list.data.items.length === 0 ? (
        <Stack p="md">
          <EmptyState
            title={t(filtered ? 'admin.notices_none_match' : 'admin.notices_none')}
            action={filtered ? <ClearFiltersButton onClick={() => lp.set({ status: null, q: null, page: null })} /> : undefined}
          />
        </Stack>
      ) : phone ? (
        <Stack gap={0} aria-busy={list.isFetching} data-testid={testId}>
          {list.isPending && <SkeletonCards count={3} h={72} />}
          {list.data?.items.map((n) => (
            <Stack key={n.id} gap={4} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} data-testid="notice-row">
              <Anchor component={Link} to={href(n.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {n.title}
              </Anchor>
              <NoticeStatusBadge status={n.status} scheduled={n.scheduled} />
              {n.extra && (
                <Text size="xs" c="dimmed">
                  {n.extra}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {formatDateTime(n.startDate)} – {formatDateTime(n.endDate)}
              </Text>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <SortableHeaders
                  columns={columns}
                  sorting={state.sorting}
                  label={(key) => (key === 'extra' ? (extraLabel ?? '') : t(`admin.notices_col_${key}`))}
                  sortLabel={(column) => t('admin.notices_sort_by', { column })}
                  style={() => ({ whiteSpace: 'nowrap' })}
                />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <SkeletonRows rows={4} cols={columns.length} />}
              {list.data?.items.map((n) => (
                <Table.Tr key={n.id} data-testid="notice-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={href(n.id)} fw={600}>
                      {n.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <NoticeStatusBadge status={n.status} scheduled={n.scheduled} />
                  </Table.Td>
                  {extraLabel && <Table.Td>{n.extra}</Table.Td>}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.startDate)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.endDate)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.total > 0 && <ListFooter page={lp.page} pageSize={lp.pageSize} total={list.data.total} set={lp.set} />}
    </Card>
  );
}
