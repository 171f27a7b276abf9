import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Box, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { csvBlob } from '@swipe/api-client';
import type { ExperimentResults } from '@swipe/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../../components/states';
import { downloadBlob } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { resultsCsv, resultsQuery } from './api';

// An experiment's results (server: experiments/results.ts): each variation's visitors, conversions, CV rate, CTA
// clicks and dwell; the chance to beat the original and the uplift with its 95 % interval; the sample-ratio alarm;
// no verdict before the minimum sample; the CV rate of each variation by day; CSV.

const COLORS = ['gray.6', 'blue.6', 'orange.6', 'teal.6', 'grape.6', 'red.6'];
const pct = (v: number | null | undefined, digits = 1) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(digits)} %`);
const signed = (v: number) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} %`;

function Verdict({ r }: { r: ExperimentResults }) {
  const t = useT();
  if (r.srm.mismatch)
    return (
      <Alert color="red" variant="light" title={t('admin.xp_r_srm_title')} role="alert" data-testid="xp-srm">
        {t('admin.xp_r_srm', { p: r.srm.p < 0.0001 ? r.srm.p.toExponential(1) : r.srm.p.toFixed(4) })}
      </Alert>
    );
  if (r.verdict === 'collecting')
    return (
      <Alert color="gray" variant="light" role="status">
        {t('admin.xp_r_collecting', { visitors: r.minVisitors, conversions: r.minConversions })}
      </Alert>
    );
  const winner = r.variations.find((v) => v.id === r.winnerVariationId);
  return (
    <Alert color={r.verdict === 'winner' ? 'green' : 'gray'} variant="light" role="status">
      {r.verdict === 'winner' && winner
        ? t('admin.xp_r_winner', { name: winner.name })
        : r.verdict === 'control_wins'
          ? t('admin.xp_r_control_wins')
          : t('admin.xp_r_inconclusive')}
    </Alert>
  );
}

export function Results({ id }: { id: number }) {
  const t = useT();
  const q = useQuery(resultsQuery(id));
  const csv = useMutation({
    mutationFn: () => resultsCsv(id),
    onSuccess: (text) => downloadBlob(csvBlob(text), `experiment-${id}.csv`),
    onError: (e) => notifyError(e),
  });
  if (q.isPending) return <Skeleton h={240} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const r = q.data;
  const none = r.variations.every((v) => v.visitors === 0);
  const chart = r.days.map((d) => ({
    day: d.day.slice(5),
    ...Object.fromEntries(d.variations.map((v) => [`v${v.id}`, v.visitors ? Math.round((v.conversions / v.visitors) * 1000) / 10 : null])),
  }));

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={() => csv.mutate()} loading={csv.isPending}>
          {t('admin.xp_r_csv')}
        </Button>
      </Group>
      {none ? (
        <Card withBorder radius="md">
          <EmptyState title={t('admin.xp_r_empty')} body={t('admin.xp_r_empty_body')} />
        </Card>
      ) : (
        <Verdict r={r} />
      )}
      <Card withBorder radius="md" padding={0}>
        {/* a region keyboard users can scroll (axe: scrollable-region-focusable) */}
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('admin.xp_tab_results')}>
          <Table miw={760} verticalSpacing="sm" data-testid="xp-results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.xp_variations')}</Table.Th>
                <Table.Th ta="right">{t('admin.xp_r_visitors')}</Table.Th>
                <Table.Th ta="right">{t('admin.xp_r_conversions')}</Table.Th>
                <Table.Th ta="right">{t('admin.xp_r_cv_rate')}</Table.Th>
                <Table.Th ta="right">{t('admin.xp_r_cta')}</Table.Th>
                <Table.Th ta="right">{t('admin.xp_r_dwell')}</Table.Th>
                <Table.Th ta="right">{t('admin.xp_r_chance')}</Table.Th>
                <Table.Th ta="right">{t('admin.xp_r_uplift')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.variations.map((v, i) => (
                <Table.Tr key={v.id} data-variation={v.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {v.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {v.weight} %
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" data-cell="visitors">
                    {v.visitors.toLocaleString()}
                  </Table.Td>
                  <Table.Td ta="right" data-cell="conversions">
                    {v.conversions.toLocaleString()}
                  </Table.Td>
                  <Table.Td ta="right">{pct(v.cvRate, 2)}</Table.Td>
                  <Table.Td ta="right">{v.ctaClicks.toLocaleString()}</Table.Td>
                  <Table.Td ta="right">{v.dwellMeanMs === null ? '—' : `${(v.dwellMeanMs / 1000).toFixed(1)} s`}</Table.Td>
                  <Table.Td ta="right">{i === 0 ? '—' : pct(v.chanceToBeat)}</Table.Td>
                  <Table.Td ta="right">
                    {v.uplift ? `${signed(v.uplift.expected)} (${signed(v.uplift.lower)} … ${signed(v.uplift.upper)})` : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Card>
      <Text size="xs" c="dimmed">
        {t('admin.xp_r_method')}
      </Text>
      {chart.length > 0 && (
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h5" mb="sm">
            {t('admin.xp_r_chart')}
          </Title>
          <LineChart
            h={240}
            data={chart}
            dataKey="day"
            unit=" %"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            connectNulls
            withDots={chart.length <= 31}
            series={r.variations.map((v, i) => ({ name: `v${v.id}`, label: v.name, color: COLORS[i % COLORS.length] as string }))}
          />
        </Card>
      )}
    </Stack>
  );
}
