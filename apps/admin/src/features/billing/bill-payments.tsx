import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { BillSummary, PaymentReceipt } from '@swipe/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePhoneLayout } from '../../components/list-layout';
import { ErrorState } from '../../components/states';
import { type T, useT } from '../../lib/i18n';
import { cardQuery } from './api';
import { yen } from './format';
import { PayCardModal } from './pay-card-modal';
import { billPaymentsQuery } from './payments-api';
import { TransferModal } from './transfer-modal';

// What was paid against a bill, beside its invoice (which never changes): the total, what was received and the
// balance, each payment (a bank transfer with the payer's name as the statement prints it, or a card), and the
// actions that pay it: the seller records a transfer, the payer pays by card.

function method(r: PaymentReceipt, t: T): string {
  if (r.kind === 'BANK_TRANSFER') return t('admin.billing_receipt_transfer', { payer: r.payerName ?? '' });
  return r.cardLast4 ? t('admin.check_method_card_last4', { brand: r.cardBrand ?? '', last4: r.cardLast4 }) : t('admin.check_method_card');
}

export function BillPayments({ bill, seller, canEdit }: { bill: BillSummary; seller: boolean; canEdit: boolean }) {
  const t = useT();
  const phone = usePhoneLayout();
  const q = useQuery(billPaymentsQuery(bill.id));
  const cards = useQuery({ ...cardQuery(), enabled: !seller });
  const [recording, setRecording] = useState(false);
  const [paying, setPaying] = useState(false);
  const qc = useQueryClient();
  const status = q.data?.status;
  // the bill's status follows its payments (a transfer, a webhook): the detail and the lists show the new one
  useEffect(() => {
    if (!status) return;
    const shown = qc.getQueryData<BillSummary>(['bill', bill.id]);
    if (shown && shown.status !== status) {
      void qc.invalidateQueries({ queryKey: ['bill', bill.id], exact: true });
      void qc.invalidateQueries({ queryKey: ['bills'] });
    }
  }, [status, bill.id, qc]);
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const p = q.data;
  if (!p)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={24} w="30%" />
        <Skeleton h={72} />
      </Stack>
    );
  const open = p.status === 'UNPAID' || p.status === 'FAILED';
  const mayRecord = seller && canEdit && open && p.balance > 0;
  const mayPay = !seller && canEdit && (cards.data?.cardPayments ?? false) && (open || p.status === 'PROCESSING');
  return (
    <Stack gap="sm" data-testid="bill-payments">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h5">
          {t('admin.billing_payments')}
        </Title>
        <Group gap="sm">
          {mayRecord && <Button onClick={() => setRecording(true)}>{t('admin.billing_record_transfer')}</Button>}
          {mayPay && <Button onClick={() => setPaying(true)}>{t('admin.check_pay')}</Button>}
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="sm">
        <Amount label={t('admin.check_col_total')} value={yen(p.total)} />
        <Amount label={t('admin.billing_received')} value={yen(p.received)} testId="bill-received" />
        <Amount label={t('admin.billing_balance')} value={yen(p.balance)} testId="bill-balance" strong={p.balance > 0} />
      </SimpleGrid>
      {p.status === 'PROCESSING' && (
        <Alert color="blue" variant="light">
          <Text size="sm">{t('admin.billing_processing')}</Text>
        </Alert>
      )}
      {p.receipts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.billing_no_payments')}
        </Text>
      ) : phone ? (
        <Stack gap={0} data-testid="bill-receipts">
          {p.receipts.map((r) => (
            <Group
              key={r.id}
              justify="space-between"
              wrap="nowrap"
              py={8}
              data-testid="bill-receipt"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm">{r.receivedOn}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {method(r, t)}
                </Text>
              </Stack>
              <Text size="sm" fw={600}>
                {yen(r.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : (
        <Table data-testid="bill-receipts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.billing_receipt_date')}</Table.Th>
              <Table.Th>{t('admin.check_col_method')}</Table.Th>
              <Table.Th ta="right">{t('admin.billing_receipt_amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.receipts.map((r) => (
              <Table.Tr key={r.id} data-testid="bill-receipt">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.receivedOn}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{method(r, t)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {yen(r.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {recording && (
        <TransferModal
          opened
          billId={bill.id}
          month={bill.yearMonth}
          company={bill.accountCompany}
          balance={p.balance}
          onClose={() => setRecording(false)}
        />
      )}
      <PayCardModal bill={paying ? bill : null} amount={p.balance} onClose={() => setPaying(false)} />
    </Stack>
  );
}

function Amount({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
