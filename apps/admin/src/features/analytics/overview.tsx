import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Skeleton, Text, Title, Tooltip } from '@mantine/core';
import type { AnalysisFigures, LpChartResponse, LpResponse } from '@swipe/core';
import type { T } from '../../lib/i18n';
import { useT } from '../../lib/i18n';
import { changeColour, changeText, count, pct, secs } from './format';

// The figures of the period with their change against the previous one (each rate with the counts it rests
// on), and the daily chart.

type Key = keyof LpResponse['change'];
interface Kpi {
  key: Key;
  label: string;
  help?: string;
  value: (f: AnalysisFigures) => string;
  /** the counts a rate or a mean rests on */
  basis?: (f: AnalysisFigures) => string;
  lowerIsBetter?: boolean;
}

function kpis(t: T): Kpi[] {
  return [
    {
      key: 'visitors',
      label: t('admin.an_kpi_visitors'),
      help: t('admin.an_kpi_visitors_help'),
      value: (f) => count(f.visitors),
    },
    { key: 'visits', label: t('admin.an_kpi_visits'), help: t('admin.an_kpi_visits_help'), value: (f) => count(f.visits) },
    { key: 'pageViews', label: t('admin.an_kpi_pv'), value: (f) => count(f.pageViews) },
    {
      key: 'bounceRate',
      label: t('admin.an_kpi_bounce'),
      help: t('admin.an_kpi_bounce_help'),
      value: (f) => pct(f.bounceRate),
      basis: (f) => t('admin.an_of_visits', { n: count(f.bounces), count: count(f.visits) }),
      lowerIsBetter: true,
    },
    {
      key: 'visitDuration',
      label: t('admin.an_kpi_duration'),
      help: t('admin.an_kpi_duration_help'),
      value: (f) => secs(t, f.visitDuration),
      basis: (f) => t('admin.an_visits_n', { count: count(f.visits) }),
    },
    { key: 'conversions', label: t('admin.an_kpi_cv'), help: t('admin.an_kpi_cv_help'), value: (f) => count(f.conversions) },
    {
      key: 'cvRate',
      label: t('admin.an_kpi_cv_rate'),
      help: t('admin.an_kpi_cv_rate_help'),
      value: (f) => pct(f.cvRate),
      basis: (f) => t('admin.an_of_visitors', { n: count(f.convertingVisitors), count: count(f.visitors) }),
    },
    { key: 'ctaClicks', label: t('admin.an_kpi_cta'), value: (f) => count(f.ctaClicks) },
  ];
}

function KpiLabel({ label, help }: { label: string; help?: string }) {
  if (!help)
    return (
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    );
  return (
    <Tooltip label={help} withArrow multiline w={240} events={{ hover: true, focus: true, touch: true }}>
      <Text size="xs" c="dimmed" style={{ textDecoration: 'underline dotted' }} tabIndex={0}>
        {label}
      </Text>
    </Tooltip>
  );
}

export function KpiCards({ lp }: { lp: LpResponse | undefined }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {kpis(t).map((c) => {
        const ch = lp?.change[c.key] ?? null;
        return (
          <Card key={c.key} withBorder radius="md" padding="sm" data-testid={`kpi-${c.key}`}>
            <KpiLabel label={c.label} help={c.help} />
            {lp ? (
              <>
                <Text fz={24} fw={700} lh={1.2} data-testid={`kpi-${c.key}-value`}>
                  {c.value(lp.totals)}
                </Text>
                {c.basis && (
                  <Text size="xs" c="dark.4" data-testid={`kpi-${c.key}-basis`}>
                    {c.basis(lp.totals)}
                  </Text>
                )}
                <Text size="xs" c={changeColour(ch, c.lowerIsBetter)}>
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
            { name: 'visits', label: t('admin.an_kpi_visits'), color: 'violet.6' },
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
