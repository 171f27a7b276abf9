import { Badge, Button, Group, Text } from '@mantine/core';
import { type BillSummary, PAYMENT_STATUSES, type PaymentStatus } from '@swipe/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RowAction as IconAction, RowActions } from '../../components/data-list/cells';
import { DataList } from '../../components/data-list/data-list';
import { FilterSelect } from '../../components/data-list/filter-select';
import { oneOf, useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { IconCheck, IconDownload, IconEye } from '../../components/icons';
import type { T } from '../../lib/i18n';
import { type BillParams, type BillSide, billsQuery, exportBillsCsv } from './api';
import { yen } from './format';

// One list of bills (plan check, billing): the caller's own, or those it issued, on the one list component:
// filter by status, sort by month, total or status, pages, CSV; the row actions come from the page.

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

const ICONS: Record<RowAction['icon'], React.ReactNode> = {
  details: <IconEye size={16} />,
  download: <IconDownload size={16} />,
  force: <IconCheck size={16} />,
  pay: <CardGlyph />,
};

type Sort = 'year_month' | 'total' | 'status';

/** Money columns: right-aligned amounts on one line. */
const MONEY: [key: string, amount: (b: BillSummary) => number][] = [
  ['plan_fee', (b) => b.planFee],
  ['pv_fee', (b) => b.pvFee],
  ['license_fee', (b) => b.licenseFee],
  ['initial_fee', (b) => b.initialFee],
  ['tax', (b) => b.tax],
  ['total', (b) => b.total],
];

/**
 * One list of bills: the caller's own (CSV written from the rows), or those it issued (the server's CSV). Its
 * query lives in the URL, the issued list's with an `i` prefix, so both tabs keep theirs.
 */
export function BillsTable({ side, actions, t }: { side: BillSide; actions: RowAction[]; t: T }) {
  const qc = useQueryClient();
  const issued = side === 'issued';
  const state = useListState({
    sort: {
      sorts: ['year_month', 'total', 'status'] as const,
      defaultSort: 'year_month',
      defaultOrder: (s: Sort) => (s === 'status' ? 'asc' : 'desc'),
    },
    filters: { status: oneOf(PAYMENT_STATUSES) },
    prefix: issued ? 'i' : '',
  });
  const { sort, order } = state.sorting;
  const params: BillParams = {
    page: state.page,
    pageSize: state.pageSize,
    sort: order === 'desc' ? `-${sort}` : sort,
    status: state.filter.status as PaymentStatus | undefined,
  };
  const list = useQuery(billsQuery(side, params));
  const shown = (b: BillSummary) => actions.filter((a) => a.show(b));
  const columns: Column<BillSummary, Sort>[] = [
    {
      key: 'month',
      title: t('admin.check_col_month'),
      sort: 'year_month',
      nowrap: true,
      csv: (b) => b.yearMonth,
      render: (b) => b.yearMonth,
    },
    ...(issued
      ? [
          {
            key: 'account',
            title: t('admin.check_col_account'),
            csv: (b: BillSummary) => b.accountCompany,
            render: (b: BillSummary) => b.accountCompany,
          },
        ]
      : []),
    { key: 'plan', title: t('admin.check_col_plan'), csv: (b) => b.planName, render: (b) => b.planName },
    ...MONEY.map(
      ([key, amount]): Column<BillSummary, Sort> => ({
        key,
        title: t(`admin.check_col_${key}`),
        sort: key === 'total' ? 'total' : undefined,
        align: 'right',
        nowrap: true,
        csv: amount,
        render: (b) => (key === 'total' ? <b>{yen(amount(b))}</b> : yen(amount(b))),
      }),
    ),
    { key: 'method', title: t('admin.check_col_method'), nowrap: true, csv: (b) => methodText(b, t), render: (b) => methodText(b, t) },
    {
      key: 'status',
      title: t('admin.check_col_status'),
      sort: 'status',
      nowrap: true,
      csv: (b) => t(`admin.pay_status_${b.status.toLowerCase()}`),
      render: (b) => <PaymentBadge status={b.status} t={t} />,
    },
    {
      key: 'actions',
      title: t('admin.check_col_actions'),
      hiddenTitle: true,
      phone: 'actions',
      render: (b) => (
        <RowActions>
          {shown(b).map((a) => (
            <IconAction key={a.key} label={a.text} name={a.label(b)} onClick={() => a.run(b)} icon={ICONS[a.icon]} color={a.color} />
          ))}
        </RowActions>
      ),
    },
  ];
  return (
    <DataList
      label={t(issued ? 'admin.check_tab_issued' : 'admin.check_tab_own')}
      state={state}
      query={list}
      columns={columns}
      rowKey={(b) => b.id}
      filters={
        <FilterSelect
          label={t('admin.check_status_label')}
          showLabel
          data={[
            { value: 'all', label: t('admin.check_status_all') },
            ...PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`admin.pay_status_${s.toLowerCase()}`) })),
          ]}
          value={params.status ?? 'all'}
          onChange={(v) => state.setFilter('status', v === 'all' ? null : v)}
        />
      }
      csv={
        issued
          ? { fileName: 'bills', server: () => exportBillsCsv({ sort: params.sort, status: params.status }) }
          : { fileName: 'my-bills', pages: (page, pageSize) => qc.fetchQuery(billsQuery(side, { ...params, page, pageSize })) }
      }
      empty={{ title: t(issued ? 'admin.check_issued_empty' : 'admin.check_empty'), body: t('admin.check_empty_body') }}
      noMatch={{ title: t('admin.check_no_match') }}
      sortNames={{ year_month: t('admin.check_col_month') }}
      card={(b) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={700}>
              {b.yearMonth}
              {issued ? ` · ${b.accountCompany}` : ''}
            </Text>
            {/* the status never shrinks to "Unpa…" beside a long name */}
            <div style={{ flexShrink: 0 }}>
              <PaymentBadge status={b.status} t={t} />
            </div>
          </Group>
          <Text size="sm">
            {b.planName} · {t('admin.check_col_total')} <b>{yen(b.total)}</b> ({t('admin.check_col_tax')} {yen(b.tax)})
          </Text>
          <Text size="xs" c="dimmed">
            {MONEY.slice(0, 4)
              .map(([key, amount]) => `${t(`admin.check_col_${key}`)} ${yen(amount(b))}`)
              .join(' · ')}{' '}
            · {methodText(b, t)}
          </Text>
          <Group gap="xs">
            {shown(b).map((a) => (
              <Button key={a.key} size="xs" variant="light" color={a.color} onClick={() => a.run(b)} aria-label={a.label(b)}>
                {a.text}
              </Button>
            ))}
          </Group>
        </>
      )}
      minWidth={1100}
      testId={`bills-${side}`}
      rowTestId="bill-row"
    />
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
