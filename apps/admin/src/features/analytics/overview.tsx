import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Skeleton, Text, Title, Tooltip } from '@mantine/core';
import type { LpChartResponse, LpResponse } from '@swipe/core';
import { useT } from '../../lib/i18n';
import { changeText, count, pct } from './format';

// The figures of the period with their change against the previous one, and the daily chart.

export function KpiCards({ lp }: { lp: LpResponse | undefined }) {
  const t = useT();
  const cards = [
    { key: 'visitors', label: t('admin.an_kpi_visitors'), help: t('admin.an_kpi_visitors_help') },
    { key: 'pageViews', label: t('admin.an_kpi_pv') },
    { key: 'conversions', label: t('admin.an_kpi_cv') },
    { key: 'cvRate', label: t('admin.an_kpi_cv_rate') },
    { key: 'ctaClicks', label: t('admin.an_kpi_cta') },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {cards.map((c) => {
        const v = lp?.totals[c.key];
        const ch = lp?.change[c.key] ?? null;
        return (
          <Card key={c.key} withBorder radius="md" padding="sm" data-testid={`kpi-${c.key}`}>
            {'help' in c ? (
              <Tooltip label={c.help} withArrow multiline w={220}>
                <Text size="xs" c="dimmed" style={{ textDecoration: 'underline dotted' }} tabIndex={0}>
                  {c.label}
                </Text>
              </Tooltip>
            ) : (
              <Text size="xs" c="dimmed">
                {c.label}
              </Text>
            )}
            {lp ? (
              <>
                <Text fz={26} fw={700} lh={1.2} data-testid={`kpi-${c.key}-value`}>
                  {c.key === 'cvRate' ? pct(v as number | null) : count((v as number) ?? 0)}
                </Text>
                <Text size="xs" c={ch === null ? 'dimmed' : ch >= 0 ? 'teal.9' : 'red.9'}>
                  {changeText(t, ch)}
                </Text>
              </>
            ) : (
              <Skeleton h={44} mt={4} />
            )}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

export function DailyChart({ chart }: { chart: LpChartResponse | undefined }) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5" mb="sm">
        {t('admin.an_chart_title')}
      </Title>
      {chart ? (
        <LineChart
          h={260}
          data={chart.days.map((d) => ({ ...d, day: d.day.slice(5) }))}
          dataKey="day"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          curveType="monotone"
          withDots={chart.days.length <= 31}
          series={[
            { name: 'visitors', label: t('admin.an_kpi_visitors'), color: 'blue.6' },
            { name: 'pageViews', label: t('admin.an_kpi_pv'), color: 'teal.6' },
            { name: 'conversions', label: t('admin.an_kpi_cv'), color: 'orange.6' },
          ]}
        />
      ) : (
        <Skeleton h={260} />
      )}
    </Card>
  );
}
