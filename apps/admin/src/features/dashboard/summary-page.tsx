import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatYen } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListHeader } from '../../components/list-layout';
import { ErrorState } from '../../components/states';
import { useLang, useT } from '../../lib/i18n';
import { adoptionQuery, registrationsQuery, revenueQuery, userSiteQuery } from './api';
import { PlanTrendChart, RegistrationsChart, RevenueChart } from './charts';

// /{userTypeId}/summary (back-office.md 1): sites made, companies, MRR and ARR (core's formatYen: 35.8万円 in
// Japanese, ¥357,600 in the other languages), paid plans, the plan-wise trend, registrations and revenue by month,
// over the caller's subtree. The four calls load side by side; each card shows its own loading and error state.

function Kpi({ label, testId, value, unit, sub }: { label: string; testId: string; value?: string; unit?: string; sub?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={44} mt={4} />
      ) : (
        <>
          <Text fz={26} fw={700} lh={1.2} data-testid={`${testId}-value`}>
            {value}
            {unit && (
              <Text span fz="sm" fw={500} ml={4}>
                {unit}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {sub ?? '\u00a0'}
          </Text>
        </>
      )}
    </Card>
  );
}

export function SummaryPage() {
  const t = useT();
  const lang = useLang();
  const userSite = useQuery(userSiteQuery());
  const revenue = useQuery(revenueQuery());
  const adoption = useQuery(adoptionQuery());
  const registrations = useQuery(registrationsQuery());
  const us = userSite.data;
  const rv = revenue.data;
  const n = (v: number | undefined) => (v === undefined ? undefined : v.toLocaleString('en-US'));

  return (
    <Stack gap="md">
      <ListHeader title={t('admin.dash_title')} subtitle={t('admin.dash_subtitle')} />
      {(userSite.isError || revenue.isError) && (
        <ErrorState
          error={userSite.error ?? revenue.error}
          onRetry={() => {
            if (userSite.isError) userSite.refetch();
            if (revenue.isError) revenue.refetch();
          }}
        />
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Kpi
          label={t('admin.dash_sites')}
          testId="kpi-sites"
          value={n(us?.sites)}
          sub={us && t('admin.dash_sites_published', { n: us.sitesByStatus.publish })}
        />
        <Kpi label={t('admin.dash_companies')} testId="kpi-companies" value={n(us?.companies)} />
        <Kpi label={t('admin.dash_mrr')} testId="kpi-mrr" value={rv && formatYen(rv.mrr, lang)} sub={rv && t('admin.dash_mrr_hint')} />
        <Kpi label={t('admin.dash_arr')} testId="kpi-arr" value={rv && formatYen(rv.arr, lang)} sub={rv && t('admin.dash_arr_hint')} />
        <Kpi label={t('admin.dash_paid_plans')} testId="kpi-paid" value={n(rv?.paidPlans)} sub={rv && t('admin.dash_paid_hint')} />
      </SimpleGrid>
      <PlanTrendChart query={adoption} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <RegistrationsChart query={registrations} />
        <RevenueChart query={revenue} />
      </SimpleGrid>
    </Stack>
  );
}
