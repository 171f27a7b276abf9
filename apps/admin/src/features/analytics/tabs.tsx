import { Alert, Skeleton, Text } from '@mantine/core';
import { ApiError } from '@swipe/api-client';
import type { Period, RankingResponse, UtmResponse } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/states';
import type { T } from '../../lib/i18n';
import { useT } from '../../lib/i18n';
import { rankingQuery, utmQuery } from './api';
import { type FigureColumn, FigureList, figure, useLocalSort } from './figure-list';
import { count, pct } from './format';

// The sources (UTM) and ranking tabs (each loads when its tab opens).

type Utm = UtmResponse['items'][number];
type UtmKey = 'source' | 'visits' | 'visitors' | 'bounceRate' | 'conversions' | 'cvRate';

function utmColumns(t: T): FigureColumn<Utm, UtmKey>[] {
  const tag = (v: string) => v || t('admin.an_none_tag');
  return [
    {
      key: 'source',
      title: t('admin.an_col_source'),
      sort: 'source',
      value: (r) => r.source,
      phone: 'title',
      render: (r) => (
        <Text size="sm" fw={700}>
          {r.source || t('admin.an_direct')}
        </Text>
      ),
    },
    { key: 'medium', title: t('admin.an_col_medium'), render: (r) => tag(r.medium) },
    { key: 'campaign', title: t('admin.an_col_campaign'), render: (r) => tag(r.campaign) },
    { key: 'term', title: t('admin.an_col_term'), render: (r) => tag(r.term) },
    { key: 'content', title: t('admin.an_col_content'), render: (r) => tag(r.content) },
    figure('visits', t('admin.an_col_visits'), 'visits', count),
    figure('visitors', t('admin.an_col_visitors'), 'visitors', count),
    figure('bounce', t('admin.an_col_bounce'), 'bounceRate', pct),
    figure('cv', t('admin.an_col_cv'), 'conversions', count),
    figure('cv_rate', t('admin.an_col_cv_rate'), 'cvRate', pct),
  ];
}

export function UtmTab({ siteId, period }: { siteId: number; period: Period }) {
  const t = useT();
  const q = useQuery(utmQuery(siteId, period));
  const cols = utmColumns(t);
  const sorting = useLocalSort<UtmKey>(['source', 'visits', 'visitors', 'bounceRate', 'conversions', 'cvRate'], 'visits');
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) return <Skeleton h={120} />;
  if (q.data.items.length === 0) return <Text size="sm">{t('admin.an_utm_none')}</Text>;
  return (
    <FigureList
      label={t('admin.an_tab_utm')}
      rows={q.data.items}
      columns={cols}
      sorting={sorting}
      rowKey={(r) => [r.source, r.medium, r.campaign, r.term, r.content].join('\u0000')}
      minWidth={900}
      testId="utm-table"
      rowTestId="utm-row"
    />
  );
}

type Ranked = RankingResponse['items'][number];
type RankKey = 'rank' | 'views' | 'ctaClicks' | 'ctr' | 'conversions' | 'cvRate';

function rankingColumns(t: T): FigureColumn<Ranked, RankKey>[] {
  return [
    figure('rank', t('admin.an_col_rank'), 'rank', (n) => n),
    {
      key: 'page',
      title: t('admin.an_col_page'),
      phone: 'title',
      render: (r) => (
        <Text size="sm" fw={700}>
          {r.label}
        </Text>
      ),
    },
    figure('views', t('admin.an_col_views'), 'views', count),
    figure('cta', t('admin.an_col_cta'), 'ctaClicks', count),
    figure('ctr', t('admin.an_col_ctr'), 'ctr', pct),
    figure('cv', t('admin.an_col_cv'), 'conversions', count),
    figure('cv_rate', t('admin.an_col_cv_rate'), 'cvRate', pct),
  ];
}

export function RankingTab({ siteId, period }: { siteId: number; period: Period }) {
  const t = useT();
  const q = useQuery(rankingQuery(siteId, period));
  const sorting = useLocalSort<RankKey>(['rank', 'views', 'ctaClicks', 'ctr', 'conversions', 'cvRate'], 'rank', 'asc');
  if (q.error instanceof ApiError && q.error.code === 'RANKING_NEEDS_10_PAGES')
    return (
      <Alert color="blue" variant="light" data-testid="ranking-needs-10">
        {q.error.message}
      </Alert>
    );
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) return <Skeleton h={120} />;
  return (
    <FigureList
      label={t('admin.an_tab_ranking')}
      rows={q.data.items}
      columns={rankingColumns(t)}
      sorting={sorting}
      rowKey={(r) => r.pageId}
      minWidth={560}
      testId="ranking-table"
    />
  );
}
