import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Skeleton, Text, Title } from '@mantine/core';
import { formatYen } from '@swipe/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState } from '../../components/states';
import { useLang, useT } from '../../lib/i18n';
import { monthLabel, PALETTE } from './format';

// The summary screen's charts (@mantine/charts, loaded only with this lazy route): each in a card with its own
// loading, empty and error state.

function ChartCard<T>({
  title,
  testId,
  query,
  empty,
  note,
  children,
}: {
  title: string;
  testId: string;
  query: UseQueryResult<T>;
  empty: (d: T) => boolean;
  note?: (d: T) => ReactNode;
  children: (d: T) => ReactNode;
}) {
  const t = useT();
  const d = query.data;
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId} component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : d === undefined ? (
        <Skeleton h={260} />
      ) : empty(d) ? (
        <EmptyState title={t('admin.dash_no_data')} body={t('admin.dash_no_data_body')} />
      ) : (
        <>
          {children(d)}
          {note?.(d)}
        </>
      )}
    </Card>
  );
}

export function PlanTrendChart({ query }: { query: UseQueryResult<import('@swipe/core').AdoptionByPlan> }) {
  const t = useT();
  return (
    <ChartCard
      title={t('admin.dash_plan_trend')}
      testId="chart-plan-trend"
      query={query}
      empty={(d) => d.plans.length === 0}
      note={(d) => (
        <Text size="xs" c="dimmed" mt="xs">
          {t('admin.dash_plan_trend_note', { n: d.noPlan })}
        </Text>
      )}
    >
      {(d) => (
        <BarChart
          h={280}
          type="stacked"
          yAxisProps={{ allowDecimals: false }}
          data={d.months.map((m) => ({
            month: monthLabel(m.month),
            ...Object.fromEntries(m.plans.map((p) => [`p${p.planId}`, p.accounts])),
          }))}
          dataKey="month"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          series={d.plans.map((p, i) => ({ name: `p${p.planId}`, label: p.name, color: PALETTE[i % PALETTE.length] as string }))}
        />
      )}
    </ChartCard>
  );
}

export function RegistrationsChart({ query }: { query: UseQueryResult<import('@swipe/core').RegistrationData> }) {
  const t = useT();
  return (
    <ChartCard
      title={t('admin.dash_registrations')}
      testId="chart-registrations"
      query={query}
      empty={(d) => d.months.every((m) => m.total === 0)}
    >
      {(d) => (
        <BarChart
          h={260}
          type="stacked"
          yAxisProps={{ allowDecimals: false }}
          data={d.months.map((m) => ({ ...m, month: monthLabel(m.month) }))}
          dataKey="month"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          series={[
            { name: 'oemMaster', label: t('admin.account_type_oem_master'), color: 'indigo.6' },
            { name: 'oemAdmin', label: t('admin.account_type_oem_admin'), color: 'cyan.7' },
            { name: 'masterUser', label: t('admin.account_type_master_user'), color: 'orange.6' },
            { name: 'user', label: t('admin.account_type_user'), color: 'teal.6' },
          ]}
        />
      )}
    </ChartCard>
  );
}

export function RevenueChart({ query }: { query: UseQueryResult<import('@swipe/core').Revenue> }) {
  const t = useT();
  const lang = useLang();
  return (
    <ChartCard
      title={t('admin.dash_revenue')}
      testId="chart-revenue"
      query={query}
      empty={(d) => d.months.every((m) => m.amount === 0)}
      note={(d) => (
        <Text size="xs" c="dimmed" mt="xs" data-testid="revenue-source">
          {d.billedMonth ? t('admin.dash_source_bills', { month: d.billedMonth }) : t('admin.dash_source_plans')}
        </Text>
      )}
    >
      {(d) => (
        <BarChart
          h={260}
          type="stacked"
          data={d.months.map((m) => ({
            month: monthLabel(m.month),
            bills: m.source === 'bills' ? m.amount : 0,
            plans: m.source === 'plan_prices' ? m.amount : 0,
          }))}
          dataKey="month"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={(v) => formatYen(v, lang)}
          yAxisProps={{ width: 90 }}
          series={[
            { name: 'bills', label: t('admin.dash_from_bills'), color: 'indigo.6' },
            { name: 'plans', label: t('admin.dash_from_plans'), color: 'gray.5' },
          ]}
        />
      )}
    </ChartCard>
  );
}
