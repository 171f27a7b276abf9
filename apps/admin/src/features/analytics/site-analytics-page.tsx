import { Anchor, Button, Card, Group, Skeleton, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { csvBlob } from '@swipe/api-client';
import { RANKING_MIN_PAGES } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { IconDownload, IconExternal } from '../../components/icons';
import { EmptyState, ErrorState } from '../../components/states';
import { downloadBlob } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { type CsvKind, chartQuery, exportCsv, funnelQuery, lpQuery, pagesQuery, saveSettings, settingsQuery } from './api';
import { FunnelGrid } from './funnel';
import { HeatmapTab } from './heatmap';
import { DailyChart, KpiCards } from './overview';
import { PagesTable } from './pages-table';
import { PeriodPicker, usePeriod } from './period';
import { RankingTab, UtmTab } from './tabs';
import { VisitPanels } from './visits';

// /{userTypeId}/site/list/{id}: one site's analytics. Figures of the period with the change against the period
// just before, the daily chart, entry and exit pages and referrers as bars, and tabs for pages, the swipe funnel
// on the grid, the tap heatmap, UTM sources and the ranking; CSV exports; the Do-Not-Track setting.

type Tab = 'pages' | 'funnel' | 'heatmap' | 'utm' | 'ranking';

export function SiteAnalyticsPage() {
  const t = useT();
  const base = useBase();
  const id = Number(useParams().id);
  const { period, error, setPeriod } = usePeriod();
  const [tab, setTab] = useState<Tab>('pages');
  const lp = useQuery(lpQuery(id, period));
  const chart = useQuery(chartQuery(id, period));
  const pages = useQuery(pagesQuery(id, period));
  const funnel = useQuery({ ...funnelQuery(id, period), enabled: tab === 'funnel' });
  const csv = useMutation({
    mutationFn: (kind: CsvKind) => exportCsv(id, kind, period).then((text) => ({ kind, text })),
    onSuccess: ({ kind, text }) => downloadBlob(csvBlob(text), `${kind}-${id}-${period.from}-${period.to}.csv`),
    onError: (e) => notifyError(e),
  });
  const empty = lp.data && lp.data.totals.visitors === 0 && lp.data.totals.pageViews === 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Anchor component={Link} to={`${base}/analytics`} size="sm">
            ← {t('admin.an_back')}
          </Anchor>
          <Title order={1} size="h3">
            {lp.data ? t('admin.an_site_title', { name: lp.data.siteName }) : t('admin.an_all_title')}
          </Title>
          {lp.data && (
            <Anchor href={lp.data.siteUrl} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                {t('admin.an_open_site')} <IconExternal size={14} />
              </Group>
            </Anchor>
          )}
        </div>
        <Group gap="xs" wrap="wrap">
          {(['lp', 'page', 'ranking'] as const).map((k) => (
            <Button
              key={k}
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} />}
              loading={csv.isPending && csv.variables === k}
              disabled={!lp.data || (k === 'ranking' && lp.data.pageCount < RANKING_MIN_PAGES)}
              onClick={() => csv.mutate(k)}
            >
              {t(`admin.an_export_${k === 'page' ? 'pages' : k}`)}
            </Button>
          ))}
        </Group>
      </Group>

      <Card withBorder radius="md" padding="md">
        <PeriodPicker period={period} error={error} onChange={setPeriod} />
        {lp.data && (
          <Text size="xs" c="dimmed" mt={6}>
            {t('admin.an_compared', { from: lp.data.previous.from, to: lp.data.previous.to })}
          </Text>
        )}
      </Card>

      {lp.isError ? (
        <ErrorState error={lp.error} onRetry={() => lp.refetch()} />
      ) : (
        <>
          <KpiCards lp={lp.data} />
          {empty ? (
            <Card withBorder radius="md">
              <EmptyState
                title={t('admin.an_empty')}
                body={t('admin.an_empty_body')}
                action={
                  <Button component="a" href={lp.data?.siteUrl} target="_blank" rel="noopener noreferrer" size="xs" variant="light">
                    {t('admin.an_open_site')}
                  </Button>
                }
              />
            </Card>
          ) : (
            <>
              <DailyChart chart={chart.data} />
              <VisitPanels siteId={id} period={period} pages={pages.data?.items} />
              <Card withBorder radius="md" padding="sm">
                <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
                  <Tabs.List style={{ flexWrap: 'wrap' }}>
                    {(['pages', 'funnel', 'heatmap', 'utm', 'ranking'] as const).map((k) => (
                      <Tabs.Tab key={k} value={k}>
                        {t(`admin.an_tab_${k}`)}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  <Tabs.Panel value="pages" pt="sm">
                    {pages.isError ? (
                      <ErrorState error={pages.error} onRetry={() => pages.refetch()} />
                    ) : pages.data ? (
                      <PagesTable items={pages.data.items} />
                    ) : (
                      <Skeleton h={200} />
                    )}
                  </Tabs.Panel>
                  <Tabs.Panel value="funnel" pt="sm">
                    {funnel.isError ? (
                      <ErrorState error={funnel.error} onRetry={() => funnel.refetch()} />
                    ) : funnel.data ? (
                      <FunnelGrid data={funnel.data} />
                    ) : (
                      <Skeleton h={200} />
                    )}
                  </Tabs.Panel>
                  <Tabs.Panel value="heatmap" pt="sm">
                    {pages.data && <HeatmapTab siteId={id} period={period} pages={pages.data.items} />}
                  </Tabs.Panel>
                  <Tabs.Panel value="utm" pt="sm">
                    <UtmTab siteId={id} period={period} />
                  </Tabs.Panel>
                  <Tabs.Panel value="ranking" pt="sm">
                    <RankingTab siteId={id} period={period} />
                  </Tabs.Panel>
                </Tabs>
              </Card>
            </>
          )}
          <DntCard siteId={id} />
        </>
      )}
    </Stack>
  );
}

function DntCard({ siteId }: { siteId: number }) {
  const t = useT();
  const qc = useQueryClient();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const q = useQuery(settingsQuery(siteId));
  const save = useMutation({
    mutationFn: (honorDnt: boolean) => saveSettings(siteId, { honorDnt }),
    onSuccess: (s) => {
      qc.setQueryData(settingsQuery(siteId).queryKey, s);
      notifySuccess(t('admin.an_saved'));
    },
    onError: (e) => notifyError(e),
  });
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5" mb="xs">
        {t('admin.an_dnt_title')}
      </Title>
      {q.data ? (
        <Switch
          label={t('admin.an_dnt_label')}
          description={t('admin.an_dnt_help')}
          checked={q.data.honorDnt}
          disabled={!canEdit || save.isPending}
          onChange={(e) => save.mutate(e.currentTarget.checked)}
        />
      ) : (
        <Skeleton h={40} />
      )}
    </Card>
  );
}
