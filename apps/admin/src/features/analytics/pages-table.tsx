import { Text } from '@mantine/core';
import type { AnalysisPage } from '@swipe/core';
import type { T } from '../../lib/i18n';
import { useT } from '../../lib/i18n';
import { type FigureColumn, FigureList, useLocalSort } from './figure-list';
import { count, pct, secs } from './format';

// The per-page figures (grid order by default; any column sorts, in the browser: a site has at most a few
// hundred pages). The dwell cell gives the median, the mean and the number of views both rest on.

type Key =
  | 'grid'
  | 'views'
  | 'visitors'
  | 'reach'
  | 'entries'
  | 'bounceRate'
  | 'exits'
  | 'exitRate'
  | 'medianDwell'
  | 'ctaClicks'
  | 'ctaRate'
  | 'conversions';

/** The dwell of a page: its median, its mean under it, and the n both rest on. */
function Dwell({ t, p }: { t: T; p: AnalysisPage }) {
  return (
    <>
      <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
        {secs(t, p.medianDwell)}
      </Text>
      <Text size="xs" c="dark.4" style={{ whiteSpace: 'nowrap' }}>
        {t('admin.an_dwell_mean', { s: secs(t, p.meanDwell) })}
      </Text>
      <Text size="xs" c="dark.4" style={{ whiteSpace: 'nowrap' }} data-testid="dwell-n">
        {t('admin.an_dwell_n', { count: count(p.dwellCount) })}
      </Text>
    </>
  );
}

function columns(t: T): FigureColumn<AnalysisPage, Key>[] {
  const num = (key: Key, title: string, render: (p: AnalysisPage) => string, value: (p: AnalysisPage) => number | null) => ({
    key,
    title,
    sort: key,
    value,
    nowrap: true,
    render,
  });
  return [
    {
      key: 'page',
      title: t('admin.an_col_page'),
      sort: 'grid',
      value: (p) => p.col * 10_000 + p.row,
      phone: 'title',
      render: (p) => (
        <Text size="sm" fw={700}>
          {p.label}
        </Text>
      ),
    },
    num(
      'views',
      t('admin.an_col_views'),
      (p) => count(p.views),
      (p) => p.views,
    ),
    num(
      'visitors',
      t('admin.an_col_visitors'),
      (p) => count(p.visitors),
      (p) => p.visitors,
    ),
    num(
      'reach',
      t('admin.an_col_reach'),
      (p) => pct(p.reach),
      (p) => p.reach,
    ),
    num(
      'entries',
      t('admin.an_col_entries'),
      (p) => count(p.entries),
      (p) => p.entries,
    ),
    num(
      'bounceRate',
      t('admin.an_col_bounce'),
      (p) => pct(p.bounceRate),
      (p) => p.bounceRate,
    ),
    num(
      'exits',
      t('admin.an_col_exits'),
      (p) => count(p.exits),
      (p) => p.exits,
    ),
    num(
      'exitRate',
      t('admin.an_col_exit'),
      (p) => pct(p.exitRate),
      (p) => p.exitRate,
    ),
    {
      key: 'dwell',
      title: t('admin.an_col_dwell'),
      sort: 'medianDwell',
      value: (p) => p.medianDwell,
      render: (p) => <Dwell t={t} p={p} />,
    },
    num(
      'ctaClicks',
      t('admin.an_col_cta'),
      (p) => count(p.ctaClicks),
      (p) => p.ctaClicks,
    ),
    num(
      'ctaRate',
      t('admin.an_col_cta_rate'),
      (p) => pct(p.ctaRate),
      (p) => p.ctaRate,
    ),
    num(
      'conversions',
      t('admin.an_col_cv'),
      (p) => count(p.conversions),
      (p) => p.conversions,
    ),
  ];
}

export function PagesTable({ items }: { items: AnalysisPage[] }) {
  const t = useT();
  const cols = columns(t);
  const sorting = useLocalSort<Key>(
    cols.flatMap((c) => (c.sort ? [c.sort] : [])),
    'grid',
    'asc',
  );
  return (
    <FigureList
      label={t('admin.an_tab_pages')}
      rows={items}
      columns={cols}
      sorting={sorting}
      rowKey={(p) => p.pageId}
      minWidth={1100}
      testId="pages-table"
      rowTestId="page-row"
    />
  );
}
