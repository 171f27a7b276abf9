import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { ANALYSIS_SITE_SORTS } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListFooter, ListSearch, useListParams } from '../../components/list-controls';
import { FilterBar, ListError, ListHeader, SkeletonRows } from '../../components/list-layout';
import { listSort, SortableHeaders } from '../../components/list-sort';
import { EmptyState } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { useT } from '../../lib/i18n';
import { useBase } from '../../lib/session';
import { sitesQuery } from './api';
import { changeText, count, pct } from './format';
import { PeriodPicker, usePeriod } from './period';

// /{userTypeId}/analytics: every site of the caller's subtree with its figures for the period (issue 11.2);
// search, sort by any figure, pages; each row opens the site's analytics.

type Sort = (typeof ANALYSIS_SITE_SORTS)[number];
const COLUMNS: { key: string; sort?: Sort }[] = [
  { key: 'site', sort: 'name' },
  { key: 'visitors', sort: 'visitors' },
  { key: 'views', sort: 'pageViews' },
  { key: 'cv', sort: 'conversions' },
  { key: 'cv_rate', sort: 'cvRate' },
  { key: 'cta', sort: 'ctaClicks' },
  { key: 'change' },
];

export function AnalyticsPage() {
  const t = useT();
  const base = useBase();
  const { period, error, setPeriod } = usePeriod();
  const { sp, page, pageSize, search, searchInput, setSearchInput, set } = useListParams();
  const sorting = listSort<Sort>(sp, set, {
    sorts: ANALYSIS_SITE_SORTS,
    defaultSort: 'visitors',
    defaultOrder: (s) => (s === 'name' ? 'asc' : 'desc'),
  });
  const list = useQuery(sitesQuery({ ...period, page, pageSize, search: search || undefined, sort: sorting.sort, order: sorting.order }));
  const suffix = `?from=${period.from}&to=${period.to}`;
  return (
    <Stack gap="md">
      <ListHeader
        title={t('admin.an_all_title')}
        subtitle={list.data ? t('admin.an_site_count', { count: list.data.total }) : t('admin.an_all_subtitle')}
      />
      <Card withBorder radius="md" padding="md">
        <PeriodPicker period={period} error={error} onChange={setPeriod} />
      </Card>
      <Card withBorder padding={0} radius="md">
        <FilterBar>
          <ListSearch label={t('admin.an_search')} value={searchInput} onChange={setSearchInput} />
        </FilterBar>
        {list.isError ? (
          <ListError query={list} />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} data-testid="analysis-sites">
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
                {list.isPending && <SkeletonRows rows={5} cols={COLUMNS.length} />}
                {list.data?.items.map((s) => (
                  <Table.Tr key={s.siteId} data-testid="analysis-site-row">
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`${base}/site/list/${s.siteId}${suffix}`}
                        fw={600}
                        size="sm"
                        aria-label={t('admin.an_open', { name: s.name })}
                      >
                        {s.name}
                      </Anchor>
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs" c="dimmed" truncate maw={200}>
                          {s.parentAccount}
                        </Text>
                        <StatusBadge status={s.status} />
                      </Group>
                    </Table.Td>
                    <Table.Td>{count(s.visitors)}</Table.Td>
                    <Table.Td>{count(s.pageViews)}</Table.Td>
                    <Table.Td>{count(s.conversions)}</Table.Td>
                    <Table.Td>{pct(s.cvRate)}</Table.Td>
                    <Table.Td>{count(s.ctaClicks)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c={s.visitorsChange === null ? 'dimmed' : s.visitorsChange >= 0 ? 'teal.9' : 'red.9'}>
                        {changeText(t, s.visitorsChange)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.items.length === 0 && <EmptyState title={t('admin.an_no_sites')} />}
        {list.data && list.data.total > 0 && <ListFooter page={page} pageSize={pageSize} total={list.data.total} set={set} />}
      </Card>
    </Stack>
  );
}
