import { Badge, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type MyPlanBrief, PLAN_FLAGS, type PlanUsage } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState } from '../../components/states';
import { type T, useLang, useT } from '../../lib/i18n';
import { myPlanQuery, usageQuery } from './api';
import { count, firstOfNextMonth, planName, yen } from './format';

// /{userTypeId}/plan: the caller's plan (name in the viewer's language, version, price excluding
// tax, quotas, flags), next month's if booked, this month's usage against the quotas, and the projected bill.

export function PlanPage() {
  const t = useT();
  const mine = useQuery(myPlanQuery());
  const usage = useQuery(usageQuery());
  const failed = mine.error ?? usage.error;
  const plan = mine.data;
  const use = usage.data;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h3">
          {t('admin.myplan_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.myplan_subtitle')}
        </Text>
      </div>
      {failed ? (
        <ErrorState
          error={failed}
          onRetry={() => {
            void mine.refetch();
            void usage.refetch();
          }}
        />
      ) : !plan || !use ? (
        <Stack aria-busy>
          <Skeleton h={160} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      ) : !plan.current ? (
        <Card withBorder radius="md">
          <EmptyState title={t('admin.myplan_none')} body={t('admin.myplan_none_body')} />
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: plan.next ? 2 : 1 }}>
            <PlanCard title={t('admin.myplan_current')} plan={plan.current} t={t} />
            {plan.next && (
              <PlanCard
                title={t('admin.myplan_next')}
                note={t('admin.myplan_next_from', { date: firstOfNextMonth(use.month) })}
                plan={plan.next}
                t={t}
              />
            )}
          </SimpleGrid>
          <UsageCard usage={use} plan={plan.current} t={t} />
          <ProjectedCard usage={use} t={t} />
        </>
      )}
    </Stack>
  );
}

function PlanCard({ title, note, plan, t }: { title: string; note?: string; plan: MyPlanBrief; t: T }) {
  const lang = useLang();
  return (
    <Card withBorder radius="md" padding="md" data-testid="plan-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {title}
            </Text>
            <Title order={2} size="h4">
              {planName(plan, lang)}
            </Title>
            <Text size="xs" c="dimmed">
              {t(`admin.plans_type_${plan.contractType}`)} · {t('admin.myplan_version', { version: plan.version })}
              {note ? ` · ${note}` : ''}
            </Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="xs" c="dimmed">
              {t('admin.myplan_price')}
            </Text>
            <Text fw={700} size="lg">
              {yen(plan.price)}
            </Text>
          </div>
        </Group>
        <Text size="sm">
          {t('admin.myplan_sites')}: {count(plan.quantitySite)} · {t('admin.myplan_pages')}: {count(plan.quantitySwipe)} ·{' '}
          {t('admin.myplan_pv')}: {plan.limitAccess > 0 ? count(plan.limitAccess) : '—'}
          {plan.limitAccessPrice > 0 ? ` (${t('admin.myplan_pv_price', { price: yen(plan.limitAccessPrice) })})` : ''}
        </Text>
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {t('admin.myplan_flags')}
          </Text>
          <Group gap={6}>
            {PLAN_FLAGS.map((f) => (
              <Badge
                key={f}
                variant="outline"
                color={plan.flags[f] ? '#0b6e4f' : '#55585e'}
                radius="sm"
                style={{ textTransform: 'none' }}
                aria-label={`${t(`admin.plans_flag_${f}`)}: ${t(plan.flags[f] ? 'admin.myplan_flag_on' : 'admin.myplan_flag_off')}`}
              >
                {plan.flags[f] ? '✓ ' : '– '}
                {t(`admin.plans_flag_${f}`)}
              </Badge>
            ))}
          </Group>
        </div>
      </Stack>
    </Card>
  );
}

function Meter({ label, used, limit, t, testId }: { label: string; used: number | null; limit: number | null; t: T; testId: string }) {
  const u = used ?? 0;
  const over = limit !== null && limit > 0 && u > limit;
  const value = limit && limit > 0 ? Math.min(100, (u / limit) * 100) : 0;
  const text =
    limit && limit > 0 ? t('admin.myplan_of', { used: count(u), limit: count(limit) }) : t('admin.myplan_unlimited', { used: count(u) });
  return (
    <div data-testid={testId}>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" c={over ? 'red.9' : undefined}>
          {used === null ? '—' : text}
        </Text>
      </Group>
      <Progress
        value={value}
        color={over ? 'red.8' : 'teal.8'}
        aria-label={`${label}: ${used === null ? '—' : text}`}
        size="lg"
        radius="sm"
      />
      {over && (
        <Text size="xs" c="red.9" mt={2}>
          {t('admin.myplan_over')}
        </Text>
      )}
    </div>
  );
}

function UsageCard({ usage, plan, t }: { usage: PlanUsage; plan: MyPlanBrief; t: T }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5" mb="sm">
        {t('admin.myplan_usage', { month: usage.month })}
      </Title>
      <Stack gap="md">
        <Meter
          label={t('admin.myplan_sites')}
          used={usage.sites}
          limit={usage.quantitySite ?? plan.quantitySite}
          t={t}
          testId="usage-sites"
        />
        <Meter
          label={t('admin.myplan_pages')}
          used={usage.pages}
          limit={usage.quantitySwipe ?? plan.quantitySwipe}
          t={t}
          testId="usage-pages"
        />
        <Meter label={t('admin.myplan_pv')} used={usage.pageViews} limit={usage.limitAccess ?? plan.limitAccess} t={t} testId="usage-pv" />
      </Stack>
    </Card>
  );
}

function ProjectedCard({ usage, t }: { usage: PlanUsage; t: T }) {
  const p = usage.projected;
  return (
    <Card withBorder radius="md" padding="md" data-testid="projected">
      <Title order={2} size="h5" mb="xs">
        {t('admin.myplan_projected')}
      </Title>
      <Table>
        <Table.Tbody>
          {p.lines.map((l) => (
            <Table.Tr key={l.kind}>
              <Table.Td>
                {t(`admin.bill_line_${l.kind}`)}
                {l.quantity > 1 ? ` × ${count(l.quantity)}` : ''}
              </Table.Td>
              <Table.Td ta="right">{yen(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td c="dimmed">{t('admin.bill_subtotal')}</Table.Td>
            <Table.Td ta="right">{yen(p.subtotal)}</Table.Td>
          </Table.Tr>
          {p.taxes.map((x) => (
            <Table.Tr key={x.rate}>
              <Table.Td c="dimmed">{t('admin.bill_tax_rate', { rate: x.rate })}</Table.Td>
              <Table.Td ta="right">{yen(x.tax)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>{t('admin.bill_total')}</Table.Td>
            <Table.Td ta="right" fw={700}>
              {yen(p.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        {t('admin.myplan_projected_note')}
      </Text>
    </Card>
  );
}
