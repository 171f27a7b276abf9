import { Badge, Button, Divider, Drawer, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { BillDetail, BillDocument } from '@swipe/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { IconDownload } from '../../components/icons';
import { usePhoneLayout } from '../../components/list-layout';
import { ErrorState } from '../../components/states';
import { downloadBlob } from '../../lib/format';
import { type T, useT } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { BillPayments } from './bill-payments';
import { PaymentBadge } from './bills-table';
import { yen } from './format';
import { billDocumentsQuery, billQuery, downloadDocument } from './invoice-api';
import { ReissueModal } from './reissue-modal';

// A bill in detail: what its invoice in force says (number, issuer, recipient, lines, tax per rate, total, due date,
// how to pay), every document issued for it (void invoices, the one in force, return invoices), each as its PDF, and
// for the seller who may edit "Void and re-issue". Opened from a row of the bills lists.

export function BillDetailDrawer({
  billId,
  seller,
  canEdit,
  onClose,
}: {
  billId: number | null;
  seller: boolean;
  canEdit: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const phone = usePhoneLayout();
  return (
    <Drawer opened={billId !== null} onClose={onClose} position="right" size={phone ? '100%' : 'lg'} title={t('admin.inv_detail_title')}>
      {billId !== null && <Detail id={billId} seller={seller} canEdit={canEdit} />}
    </Drawer>
  );
}

function Detail({ id, seller, canEdit }: { id: number; seller: boolean; canEdit: boolean }) {
  const t = useT();
  const bill = useQuery(billQuery(id));
  const docs = useQuery(billDocumentsQuery(id));
  const [reissuing, setReissuing] = useState(false);
  if (bill.isError) return <ErrorState error={bill.error} onRetry={() => bill.refetch()} />;
  if (!bill.data)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={28} />
        <Skeleton h={120} />
        <Skeleton h={160} />
      </Stack>
    );
  const b = bill.data;
  const mayReissue = seller && canEdit && b.status !== 'VOID' && b.status !== 'PROCESSING';
  return (
    <Stack gap="md" data-testid="bill-detail">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('admin.inv_number')}
          </Text>
          <Text fw={700} size="lg" data-testid="invoice-number">
            {b.invoiceNumber}
          </Text>
        </Stack>
        <PaymentBadge status={b.status} t={t} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label={t('admin.inv_month')} value={b.yearMonth} />
        <Field label={t('admin.inv_due_date')} value={b.dueDate || '-'} />
        <Field label={t('admin.inv_recipient')} value={b.recipient.companyName} />
        <Field
          label={t('admin.inv_issuer')}
          value={b.issuer.name}
          note={
            b.qualifiedInvoice ? t('admin.inv_registration', { number: b.issuer.registrationNumber ?? '' }) : t('admin.inv_not_qualified')
          }
        />
        <Field
          label={t('admin.inv_payment')}
          value={
            b.bankTransferDestination
              ? t('admin.inv_payment_bank', { destination: b.bankTransferDestination })
              : t('admin.check_method_card')
          }
        />
      </SimpleGrid>
      <Lines bill={b} t={t} />
      <Divider />
      <BillPayments bill={b} seller={seller} canEdit={canEdit} />
      <Divider />
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>{t('admin.inv_documents')}</Text>
        {mayReissue && (
          <Button color="red.9" onClick={() => setReissuing(true)}>
            {t('admin.inv_reissue')}
          </Button>
        )}
      </Group>
      {docs.isError ? (
        <ErrorState error={docs.error} onRetry={() => docs.refetch()} />
      ) : !docs.data ? (
        <Skeleton h={80} />
      ) : (
        <Documents billId={id} items={docs.data.items} t={t} />
      )}
      <ReissueModal bill={reissuing ? b : null} invoiceNumber={b.invoiceNumber} onClose={() => setReissuing(false)} />
    </Stack>
  );
}

function Field({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}

function Lines({ bill, t }: { bill: BillDetail; t: T }) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing={6} data-testid="bill-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.inv_item')}</Table.Th>
            <Table.Th ta="right">{t('admin.inv_quantity')}</Table.Th>
            <Table.Th ta="right">{t('admin.inv_unit_price')}</Table.Th>
            <Table.Th ta="right">{t('admin.inv_amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bill.lines.map((l) => (
            <Table.Tr key={l.kind}>
              <Table.Td>{l.kind === 'plan' ? `${t('admin.bill_line_plan')} (${bill.planName})` : t(`admin.bill_line_${l.kind}`)}</Table.Td>
              <Table.Td ta="right">{l.quantity.toLocaleString('en-US')}</Table.Td>
              <Table.Td ta="right">{yen(l.unitPrice)}</Table.Td>
              <Table.Td ta="right">{yen(l.amount)}</Table.Td>
            </Table.Tr>
          ))}
          {bill.taxes.map((r) => (
            <Table.Tr key={r.rate}>
              <Table.Td colSpan={3} ta="right">
                {t('admin.bill_tax_rate', { rate: r.rate })}
              </Table.Td>
              <Table.Td ta="right">{yen(r.tax)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td colSpan={3} ta="right" fw={700}>
              {t('admin.bill_total')}
            </Table.Td>
            <Table.Td ta="right" fw={700} data-testid="bill-total">
              {yen(bill.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Documents({ billId, items, t }: { billId: number; items: BillDocument[]; t: T }) {
  const pdf = useMutation({
    mutationFn: (d: BillDocument) => downloadDocument(billId, d.id),
    onSuccess: ({ blob, fileName }) => downloadBlob(blob, fileName),
    onError: (e) => notifyError(e),
  });
  return (
    <Stack gap="xs" data-testid="bill-documents">
      {items.map((d) => (
        <Group key={d.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="bill-document">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} size="sm">
                {d.number}
              </Text>
              <Badge
                variant="outline"
                radius="sm"
                color={d.voidedAt ? '#55585e' : d.kind === 'return' ? '#1c4f9c' : '#0b6e4f'}
                style={{ textTransform: 'none' }}
              >
                {d.voidedAt ? t('admin.inv_state_void') : d.kind === 'return' ? t('admin.inv_kind_return') : t('admin.inv_state_in_force')}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {t('admin.inv_document_line', { date: d.issueDate, total: yen(d.total) })}
              {d.refersTo && ` · ${t(d.kind === 'return' ? 'admin.inv_returns_for' : 'admin.inv_replaces', { number: d.refersTo })}`}
            </Text>
            {d.voidReason && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('admin.inv_void_reason', { reason: d.voidReason })}
              </Text>
            )}
          </Stack>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={() => pdf.mutate(d)}
            loading={pdf.isPending && pdf.variables?.id === d.id}
            style={{ flexShrink: 0 }}
            aria-label={t('admin.inv_pdf_for', { number: d.number })}
          >
            PDF
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
