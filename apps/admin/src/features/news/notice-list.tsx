import { NOTICE_FILTERS, NOTICE_SORTS, type NoticeFilter, type NoticeSort, type NoticeStatus } from '@swipe/core';
import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { RowLink } from '../../components/data-list/cells';
import type { PageFetcher } from '../../components/data-list/csv';
import { DataList } from '../../components/data-list/data-list';
import { FilterSelect } from '../../components/data-list/filter-select';
import { type ListStateOf, oneOf, useListState } from '../../components/data-list/list-state';
import type { Column, ListQuery } from '../../components/data-list/types';
import { formatDateTime } from '../../lib/format';
import { type T, useT } from '../../lib/i18n';
import type { NoticeListParams } from './api';
import { NoticeStatusBadge } from './notice-status';

// The writer's list of news or system notifications: status filter (all, published, unpublished, draft,
// expired), search, sort by column (created, start, title), pages, CSV; a table on wide screens, cards on a phone.

export interface NoticeRow {
  id: number;
  title: string;
  status: NoticeStatus;
  scheduled: boolean;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
}

type Page<R> = { items: R[]; total: number };

/** The list's query, kept in the URL: the screen shows its count, the list its rows. */
export function useNoticeList<D extends Page<NoticeRow>, K extends QueryKey>(
  options: (p: NoticeListParams) => UseQueryOptions<D, Error, D, K>,
) {
  const qc = useQueryClient();
  const state = useListState({
    sort: { sorts: NOTICE_SORTS, defaultSort: 'created', defaultOrder: (s) => (s === 'title' ? 'asc' : 'desc') },
    filters: { status: oneOf(NOTICE_FILTERS.filter((f) => f !== 'all')) },
  });
  const status = (state.filter.status as NoticeFilter | undefined) ?? 'all';
  const params: NoticeListParams = {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search,
    status,
    sort: state.sorting.sort,
    order: state.sorting.order,
  };
  const pages: PageFetcher<D['items'][number]> = (page, pageSize) => qc.fetchQuery(options({ ...params, page, pageSize }));
  return { state, status, list: useQuery(options(params)), pages };
}

export function NoticeList<R extends NoticeRow>({
  label,
  notices: { state, status, list, pages },
  href,
  extra,
  fileName,
  testId,
}: {
  label: string;
  notices: { state: ListStateOf<NoticeSort, 'status'>; status: NoticeFilter; list: ListQuery<R>; pages: PageFetcher<R> };
  href: (id: number) => string;
  /** The column of this kind of notice (the news' distribution, the notifications' receivers). */
  extra: { title: string; value: (row: R) => string };
  fileName: string;
  testId: string;
}) {
  const t = useT();
  return (
    <DataList
      label={label}
      state={state}
      query={list}
      columns={columns(t, href, extra)}
      rowKey={(n) => n.id}
      search={t('admin.notices_search')}
      filters={
        <FilterSelect
          label={t('admin.notices_filter')}
          data={NOTICE_FILTERS.map((f) => ({ value: f, label: t(`admin.notices_filter_${f}`) }))}
          value={status}
          onChange={(v) => state.setFilter('status', v === 'all' ? null : v)}
          w={180}
        />
      }
      csv={{ fileName, pages }}
      empty={{ title: t('admin.notices_none') }}
      noMatch={{ title: t('admin.notices_none_match') }}
      minWidth={760}
      testId={testId}
      rowTestId="notice-row"
    />
  );
}

function columns<R extends NoticeRow>(
  t: T,
  href: (id: number) => string,
  extra: { title: string; value: (row: R) => string },
): Column<R, NoticeSort>[] {
  const status = (n: R) => t(n.scheduled ? 'admin.notices_status_scheduled' : `admin.notices_status_${n.status.toLowerCase()}`);
  return [
    {
      key: 'title',
      title: t('admin.notices_col_title'),
      sort: 'title',
      phone: 'title',
      csv: (n) => n.title,
      render: (n) => <RowLink to={href(n.id)}>{n.title}</RowLink>,
    },
    {
      key: 'status',
      title: t('admin.notices_col_status'),
      phone: 'badge',
      nowrap: true,
      csv: status,
      render: (n) => <NoticeStatusBadge status={n.status} scheduled={n.scheduled} />,
    },
    { key: 'extra', title: extra.title, csv: extra.value, render: extra.value },
    {
      key: 'start',
      title: t('admin.notices_col_start'),
      sort: 'start',
      nowrap: true,
      csv: (n) => formatDateTime(n.startDate),
      render: (n) => formatDateTime(n.startDate),
    },
    {
      key: 'end',
      title: t('admin.notices_col_end'),
      nowrap: true,
      csv: (n) => formatDateTime(n.endDate),
      render: (n) => formatDateTime(n.endDate),
    },
    {
      key: 'created',
      title: t('admin.notices_col_created'),
      sort: 'created',
      nowrap: true,
      csv: (n) => formatDateTime(n.createdAt),
      render: (n) => formatDateTime(n.createdAt),
    },
  ];
}
