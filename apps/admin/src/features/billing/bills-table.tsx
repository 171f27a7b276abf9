import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { BILL_SORTS, type BillSummary, PAYMENT_STATUSES, type PaymentStatus } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconDownload, IconEye } from '../../components/icons';
import { ListFooter, useListParams } from '../../components/list-controls';
import { ClearFiltersButton, FilterBar, ListError, SkeletonCards, SkeletonRows, usePhoneLayout } from '../../components/list-layout';
import { EmptyState } from '../../components/states';
import type { T } from '../../lib/i18n';
import { type BillParams, type BillSide, billsQuery } from './api';
import { yen } from './format';

// One list of bills (plan check): the caller's own, or those it issued. Filter by status, sort, pages kept in
// the URL (prefixed per tab), a table on wide screens and cards on a phone; the row actions come from the page.

type Sort = (typeof BILL_SORTS)[number];
const MONEY = new Set(['plan_fee', 'pv_fee', 'license_fee', 'initial_fee', 'tax', 'total']);

// Colours with AA contrast of the label on its tint.
const STATUS_COLOR: Record<PaymentStatus, string> = {
  PAID: '#0b6e4f',
  COMPLETED: '#0b6e4f',
  UNPAID: '#8f3a00',
  PROCESSING: '#1c4f9c',
  FAILED: '#a4231b',
  VOID: '#55585e',
};

export function PaymentBadge({ status, t }: { status: PaymentStatus; t: T }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="outline" radius="sm" style={{ textTransform: 'none' }} data-testid="bill-status">
      {t(`admin.pay_status_${status.toLowerCase()}`)}
    </Badge>
  );
}

export function methodText(b: BillSummary, t: T): string {
  if (b.method === 'CARD')
    return b.cardLast4
      ? t('admin.check_method_card_last4', { brand: b.cardBrand ?? '', last4: b.cardLast4 })
      : t('admin.check_method_card');
  return t('admin.check_method_bank');
}

export interface RowAction {
  key: string;
  label: (b: BillSummary) => string;
  text: string;
  show: (b: BillSummary) => boolean;
  run: (b: BillSummary) => void;
  color?: string;
  icon: 'download' | 'pay' | 'force' | 'details';
}

export function useBillParams(side: BillSide) {
  const lp = useListParams();
  const k = (n: string) => (side === 'own' ? n : `i${n}`);
  const rawStatus = lp.sp.get(k('status'));
  const status = (PAYMENT_STATUSES as readonly string[]).includes(rawStatus ?? '') ? (rawStatus as PaymentStatus) : undefined;
  const rawSort = lp.sp.get(k('sort'));
  const sort: Sort = (BILL_SORTS as readonly string[]).includes(rawSort ?? '') ? (rawSort as Sort) : '-year_month';
  const page = Math.max(1, Number(lp.sp.get(k('page'))) || 1);
  const params: BillParams = { page, pageSize: lp.pageSize, sort, status };
  const set = (patch: Record<string, string | null>) =>
    lp.set(Object.fromEntries(Object.entries(patch).map(([key, v]) => [key === 'size' ? key : k(key), v])));
  return { params, set };
}

export function BillsTable({ side, actions, t, toolbar }: { side: BillSide; actions: RowAction[]; t: T; toolbar?: React.ReactNode }) {
  const phone = usePhoneLayout();
  const { params, set } = useBillParams(side);
  const list = useQuery(billsQuery(side, params));
  const issued = side === 'issued';
  const cols = [
    'month',
    ...(issued ? ['account'] : []),
    'plan',
    'plan_fee',
    'pv_fee',
    'license_fee',
    'initial_fee',
    'tax',
    'total',
    'method',
    'status',
  ];
  const money = (b: BillSummary, c: string): string | null =>
    c === 'plan_fee'
      ? yen(b.planFee)
      : c === 'pv_fee'
        ? yen(b.pvFee)
        : c === 'license_fee'
          ? yen(b.licenseFee)
          : c === 'initial_fee'
            ? yen(b.initialFee)
            : c === 'tax'
              ? yen(b.tax)
              : c === 'total'
                ? yen(b.total)
                : null;
  return (
    <Card withBorder padding={0} radius="md">
      <FilterBar>
        <Select
          label={t('admin.check_status_label')}
          data={[
            { value: 'all', label: t('admin.check_status_all') },
            ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`admin.pay_status_${s.toLowerCase()}`) })),
          ]}
          value={params.status ?? 'all'}
          onChange={(v) => set({ status: v === 'all' ? null : v, page: null })}
          allowDeselect={false}
          w={phone ? '100%' : 200}
        />
        <Select
          label={t('admin.check_sort_label')}
          data={BILL_SORTS.map((s) => ({ value: s, label: t(`admin.check_sort_${s}`) }))}
          value={params.sort}
          onChange={(v) => set({ sort: v === '-year_month' ? null : v, page: null })}
          allowDeselect={false}
          w={phone ? '100%' : 240}
        />
        {toolbar && <div style={{ marginLeft: 'auto', alignSelf: 'flex-end' }}>{toolbar}</div>}
      </FilterBar>
      {list.isError ? (
        <ListError query={list} />
      ) : phone ? (
        <Stack gap={0} aria-busy={list.isFetching} data-testid={`bills-${side}`}>
          {list.isPending && <SkeletonCards count={3} h={96} />}
          {list.data?.items.map((b) => (
            <Stack key={b.id} gap={4} p="sm" data-testid="bill-row" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>
                  {b.yearMonth}
                  {issued ? ` · ${b.accountCompany}` : ''}
                </Text>
                <PaymentBadge status={b.status} t={t} />
              </Group>
              <Text size="sm">
                {b.planName} · {t('admin.check_col_total')} <b>{yen(b.total)}</b> ({t('admin.check_col_tax')} {yen(b.tax)})
              </Text>
              <Text size="xs" c="dimmed">
                {t('admin.check_col_plan_fee')} {yen(b.planFee)} · {t('admin.check_col_pv_fee')} {yen(b.pvFee)} ·{' '}
                {t('admin.check_col_license_fee')} {yen(b.licenseFee)} · {t('admin.check_col_initial_fee')} {yen(b.initialFee)} ·{' '}
                {methodText(b, t)}
              </Text>
              <Group gap="xs">
                {actions
                  .filter((a) => a.show(b))
                  .map((a) => (
                    <Button key={a.key} size="xs" variant="light" color={a.color} onClick={() => a.run(b)} aria-label={a.label(b)}>
                      {a.text}
                    </Button>
                  ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={1100}>
          <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} data-testid={`bills-${side}`}>
            <Table.Thead>
              <Table.Tr>
                {cols.map((c) => (
                  <Table.Th key={c} style={{ whiteSpace: 'nowrap' }} ta={MONEY.has(c) ? 'right' : undefined}>
                    {t(`admin.check_col_${c}`)}
                  </Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{t('admin.check_col_actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <SkeletonRows rows={3} cols={cols.length + 1} />}
              {list.data?.items.map((b) => (
                <Table.Tr key={b.id} data-testid="bill-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{b.yearMonth}</Table.Td>
                  {issued && <Table.Td>{b.accountCompany}</Table.Td>}
                  <Table.Td>{b.planName}</Table.Td>
                  {['plan_fee', 'pv_fee', 'license_fee', 'initial_fee', 'tax', 'total'].map((c) => (
                    <Table.Td key={c} ta="right" fw={c === 'total' ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                      {money(b, c)}
                    </Table.Td>
                  ))}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{methodText(b, t)}</Table.Td>
                  <Table.Td>
                    <PaymentBadge status={b.status} t={t} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {actions
                        .filter((a) => a.show(b))
                        .map((a) => (
                          <Tooltip key={a.key} label={a.text}>
                            <ActionIcon variant="subtle" color={a.color ?? 'gray'} aria-label={a.label(b)} onClick={() => a.run(b)}>
                              {a.icon === 'details' ? (
                                <IconEye size={16} />
                              ) : a.icon === 'download' ? (
                                <IconDownload size={16} />
                              ) : a.icon === 'force' ? (
                                <IconCheck size={16} />
                              ) : (
                                <CardGlyph />
                              )}
                            </ActionIcon>
                          </Tooltip>
                        ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.items.length === 0 && (
        <EmptyState
          title={params.status ? t('admin.check_no_match') : t(issued ? 'admin.check_issued_empty' : 'admin.check_empty')}
          body={params.status ? undefined : t('admin.check_empty_body')}
          action={params.status ? <ClearFiltersButton onClick={() => set({ status: null, page: null })} /> : undefined}
        />
      )}
      {list.data && list.data.total > 0 && <ListFooter page={params.page} pageSize={params.pageSize} total={list.data.total} set={set} />}
    </Card>
  );
}

function CardGlyph() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20" />
    </svg>
  );
}
