import { Text } from '@mantine/core';
import type { AnalysisPage } from '@swipe/core';
import type { T } from '../../lib/i18n';
import { useT } from '../../lib/i18n';
import { type FigureColumn, FigureList, figure, useLocalSort } from './figure-list';
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
    figure('views', t('admin.an_col_views'), 'views', count),
    figure('visitors', t('admin.an_col_visitors'), 'visitors', count),
    figure('reach', t('admin.an_col_reach'), 'reach', pct),
    figure('entries', t('admin.an_col_entries'), 'entries', count),
    figure('bounceRate', t('admin.an_col_bounce'), 'bounceRate', pct),
    figure('exits', t('admin.an_col_exits'), 'exits', count),
    figure('exitRate', t('admin.an_col_exit'), 'exitRate', pct),
    {
      key: 'dwell',
      title: t('admin.an_col_dwell'),
      sort: 'medianDwell',
      value: (p) => p.medianDwell,
      render: (p) => <Dwell t={t} p={p} />,
    },
    figure('ctaClicks', t('admin.an_col_cta'), 'ctaClicks', count),
    figure('ctaRate', t('admin.an_col_cta_rate'), 'ctaRate', pct),
    figure('conversions', t('admin.an_col_cv'), 'conversions', count),
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
