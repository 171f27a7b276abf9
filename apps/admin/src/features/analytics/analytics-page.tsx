import { Anchor, Card, Stack, Text } from '@mantine/core';
import { ANALYSIS_SITE_SORTS, type AnalysisSiteRow } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataList } from '../../components/data-list/data-list';
import { useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { ListHeader } from '../../components/list-layout';
import { StatusBadge } from '../../components/status-badge';
import type { T } from '../../lib/i18n';
import { useT } from '../../lib/i18n';
import { useBase } from '../../lib/session';
import { sitesQuery } from './api';
import { changeColour, changeText, count, pct } from './format';
import { PeriodPicker, usePeriod } from './period';

// /{userTypeId}/analytics: every site of the caller's subtree with its figures for the period; search, sort by
// any figure, pages; each row opens the site's analytics. A table on a wide screen, cards on a phone.

type Sort = (typeof ANALYSIS_SITE_SORTS)[number];

function columns(t: T, base: string, suffix: string): Column<AnalysisSiteRow, Sort>[] {
  const num = (key: string, sort: Sort | undefined, render: (s: AnalysisSiteRow) => string): Column<AnalysisSiteRow, Sort> => ({
    key,
    title: t(`admin.an_col_${key}`),
    sort,
    nowrap: true,
    render,
  });
  return [
    {
      key: 'site',
      title: t('admin.an_col_site'),
      sort: 'name',
      phone: 'title',
      render: (s) => (
        <Stack gap={2}>
          <Anchor
            component={Link}
            to={`${base}/site/list/${s.siteId}${suffix}`}
            fw={600}
            size="sm"
            aria-label={t('admin.an_open', { name: s.name })}
          >
            {s.name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {s.parentAccount}
          </Text>
        </Stack>
      ),
    },
    { key: 'status', title: t('admin.an_col_status'), phone: 'badge', nowrap: true, render: (s) => <StatusBadge status={s.status} /> },
    num('visitors', 'visitors', (s) => count(s.visitors)),
    num('visits', 'visits', (s) => count(s.visits)),
    num('views', 'pageViews', (s) => count(s.pageViews)),
    num('bounce', 'bounceRate', (s) => pct(s.bounceRate)),
    num('cv', 'conversions', (s) => count(s.conversions)),
    num('cv_rate', 'cvRate', (s) => pct(s.cvRate)),
    num('cta', 'ctaClicks', (s) => count(s.ctaClicks)),
    {
      key: 'change',
      title: t('admin.an_col_change'),
      nowrap: true,
      render: (s) => (
        <Text size="xs" c={changeColour(s.visitorsChange)}>
          {changeText(t, s.visitorsChange)}
        </Text>
      ),
    },
  ];
}

export function AnalyticsPage() {
  const t = useT();
  const base = useBase();
  const { period, error, setPeriod } = usePeriod();
  const state = useListState<Sort>({
    sort: { sorts: ANALYSIS_SITE_SORTS, defaultSort: 'visitors', defaultOrder: (s) => (s === 'name' ? 'asc' : 'desc') },
  });
  const list = useQuery(
    sitesQuery({
      ...period,
      page: state.page,
      pageSize: state.pageSize,
      search: state.search || undefined,
      sort: state.sorting?.sort ?? 'visitors',
      order: state.sorting?.order ?? 'desc',
    }),
  );
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
      <DataList
        label={t('admin.an_all_title')}
        state={state}
        query={list}
        columns={columns(t, base, suffix)}
        rowKey={(s) => s.siteId}
        search={t('admin.an_search')}
        empty={{ title: t('admin.an_no_sites') }}
        minWidth={980}
        testId="analysis-sites"
        rowTestId="analysis-site-row"
      />
    </Stack>
  );
}
