import { SimpleGrid } from '@mantine/core';
import type { AnalysisPage, Period } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../components/states';
import { useT } from '../../lib/i18n';
import { referrersQuery } from './api';
import { type Bar, BarList } from './bar-list';
import { count, pct } from './format';

// Where visits begin and end, and where they come from: entry pages (with their bounce rate), exit pages (with
// the share of the page's views that ended a visit) and referrer hosts, each a bar list.

export function VisitPanels({ siteId, period, pages }: { siteId: number; period: Period; pages: AnalysisPage[] | undefined }) {
  const t = useT();
  const refs = useQuery(referrersQuery(siteId, period));
  const byDesc = (f: (p: AnalysisPage) => number) =>
    pages ? [...pages].sort((a, b) => f(b) - f(a) || a.col - b.col || a.row - b.row) : [];
  const entries: Bar[] | null = pages
    ? byDesc((p) => p.entries).map((p) => ({
        key: String(p.pageId),
        label: p.label,
        value: p.entries,
        figure: count(p.entries),
        note: t('admin.an_bounce_note', { pct: pct(p.bounceRate) }),
      }))
    : null;
  const exits: Bar[] | null = pages
    ? byDesc((p) => p.exits).map((p) => ({
        key: String(p.pageId),
        label: p.label,
        value: p.exits,
        figure: count(p.exits),
        note: t('admin.an_exit_note', { pct: pct(p.exitRate), count: count(p.views) }),
      }))
    : null;
  const referrers: Bar[] | null = refs.data
    ? [...refs.data.items]
        .sort((a, b) => b.visits - a.visits)
        .map((r) => ({
          key: r.host || '-',
          label: r.host || t('admin.an_direct'),
          value: r.visits,
          figure: count(r.visits),
          note: t('admin.an_cv_note', { pct: pct(r.cvRate), count: count(r.conversions) }),
        }))
    : null;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
      <BarList
        title={t('admin.an_entry_pages')}
        unit={t('admin.an_unit_visits')}
        items={entries}
        empty={t('admin.an_none_yet')}
        testId="entry-pages"
      />
      <BarList
        title={t('admin.an_exit_pages')}
        unit={t('admin.an_unit_visits')}
        items={exits}
        empty={t('admin.an_none_yet')}
        testId="exit-pages"
      />
      {refs.isError ? (
        <ErrorState error={refs.error} onRetry={() => refs.refetch()} />
      ) : (
        <BarList
          title={t('admin.an_referrers')}
          unit={t('admin.an_unit_visits')}
          items={referrers}
          empty={t('admin.an_none_yet')}
          testId="referrers"
        />
      )}
    </SimpleGrid>
  );
}
