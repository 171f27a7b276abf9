import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ApiError } from '@swipe/api-client';
import { BILL_LINE_KINDS, type BillDetail, type BillLineKind, reissueBody, TAX_RATE_PERCENT, totalsOf } from '@swipe/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IconPlus, IconTrash } from '../../components/icons';
import { usePhoneLayout } from '../../components/list-layout';
import { useLang, useT } from '../../lib/i18n';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { type FieldErrors, validate } from '../../lib/validate';
import { yen } from './format';
import { reissueBill } from './invoice-api';

// Void and re-issue (the seller): the invoice in force is voided and a new one issued with the issuer's next number,
// naming it. The lines start as the bill's; the new total is shown as it will be billed (tax per rate rounded down
// once), and a settled bill that goes down gets a qualified return invoice for the difference. Confirmed before it
// is sent: it cannot be undone.

interface Line {
  kind: BillLineKind;
  quantity: number | string;
  unitPrice: number | string;
}

const SETTLED = new Set(['PAID', 'COMPLETED']);
const num = (v: number | string): number | undefined => (v === '' ? undefined : Number(v));

export function ReissueModal({ bill, invoiceNumber, onClose }: { bill: BillDetail | null; invoiceNumber: string; onClose: () => void }) {
  return (
    <Modal opened={bill !== null} onClose={onClose} title={useT()('admin.inv_reissue_title')} size="lg" fullScreen={usePhoneLayout()}>
      {bill && <ReissueForm bill={bill} invoiceNumber={invoiceNumber} onClose={onClose} />}
    </Modal>
  );
}

function ReissueForm({ bill, invoiceNumber, onClose }: { bill: BillDetail; invoiceNumber: string; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const [lines, setLines] = useState<Line[]>(bill.lines.map((l) => ({ kind: l.kind, quantity: l.quantity, unitPrice: l.unitPrice })));
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [adding, setAdding] = useState<BillLineKind | null>(null);

  const body = { lines: lines.map((l) => ({ kind: l.kind, quantity: num(l.quantity), unitPrice: num(l.unitPrice) })), reason };
  const checked = validate(reissueBody, body, lang);
  const errors: FieldErrors = { ...(checked.ok ? {} : checked.errors), ...serverErrors };
  const err = (path: string) => (submitted ? errors[path] : undefined);
  const totals = totalsOf(
    lines.map((l) => {
      const amount = (num(l.quantity) ?? 0) * (num(l.unitPrice) ?? 0);
      return { kind: l.kind, quantity: 0, unitPrice: 0, amount, taxRate: TAX_RATE_PERCENT };
    }),
  );
  const settled = SETTLED.has(bill.status);
  const more = settled && totals.total > bill.total;
  const back = settled && totals.total < bill.total ? bill.total - totals.total : 0;
  const unused = BILL_LINE_KINDS.filter((k) => !lines.some((l) => l.kind === k));

  const send = useMutation({
    meta: { silent: true },
    mutationFn: () => reissueBill(bill.id, checked.ok ? checked.data : { lines: [], reason }),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['bills'] });
      await qc.invalidateQueries({ queryKey: ['bill', bill.id] });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.fields.length > 0) {
        setServerErrors(Object.fromEntries(e.fields.map((f) => [f.path, f.message])));
        setServerError(null);
      } else setServerError(errorMessage(e));
    },
  });
  const change = (i: number, patch: Partial<Line>) => {
    setServerErrors({});
    setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!checked.ok || more) return;
    modals.openConfirmModal({
      title: t('admin.inv_reissue_confirm_title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('admin.inv_reissue_confirm_body', { number: invoiceNumber, total: yen(totals.total) })}</Text>
          {back > 0 && <Text size="sm">{t('admin.inv_reissue_return', { amount: yen(back) })}</Text>}
        </Stack>
      ),
      labels: { confirm: t('admin.inv_reissue'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm: () => send.mutate(),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('admin.inv_reissue_intro', { number: invoiceNumber })}</Text>
        <Stack gap="xs" data-testid="reissue-lines">
          {lines.map((l, i) => (
            <Group key={l.kind} align="flex-start" gap="xs" wrap="wrap">
              <Text fw={600} size="sm" w={140} pt={30}>
                {t(`admin.bill_line_${l.kind}`)}
              </Text>
              <NumberInput
                label={t('admin.inv_quantity')}
                required
                value={l.quantity}
                onChange={(v) => change(i, { quantity: v })}
                min={0}
                allowDecimal={false}
                clampBehavior="none"
                thousandSeparator=","
                error={err(`lines.${i}.quantity`)}
                w={110}
              />
              <NumberInput
                label={t('admin.inv_unit_price')}
                required
                value={l.unitPrice}
                onChange={(v) => change(i, { unitPrice: v })}
                min={0}
                allowDecimal={false}
                clampBehavior="none"
                thousandSeparator=","
                prefix="¥"
                error={err(`lines.${i}.unitPrice`)}
                w={150}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                size="lg"
                aria-label={t('admin.inv_remove_line', { line: t(`admin.bill_line_${l.kind}`) })}
                onClick={() => setLines(lines.filter((_, j) => j !== i))}
                disabled={lines.length === 1}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {err('lines') && (
            <Text size="sm" c="red.8" role="alert">
              {err('lines')}
            </Text>
          )}
          {unused.length > 0 && (
            <Group align="flex-end" gap="xs">
              <Select
                label={t('admin.inv_add_line')}
                data={unused.map((k) => ({ value: k, label: t(`admin.bill_line_${k}`) }))}
                value={adding}
                onChange={(v) => setAdding(v as BillLineKind | null)}
                w={200}
              />
              <Button
                variant="default"
                leftSection={<IconPlus size={14} />}
                disabled={!adding}
                onClick={() => {
                  if (!adding) return;
                  setLines([...lines, { kind: adding, quantity: 1, unitPrice: '' }]);
                  setAdding(null);
                }}
              >
                {t('admin.inv_add')}
              </Button>
            </Group>
          )}
        </Stack>
        <Stack gap={2} data-testid="reissue-totals">
          {totals.taxes.map((r) => (
            <Group key={r.rate} justify="space-between">
              <Text size="sm">{t('admin.bill_tax_rate', { rate: r.rate })}</Text>
              <Text size="sm">{yen(r.tax)}</Text>
            </Group>
          ))}
          <Group justify="space-between">
            <Text fw={700}>{t('admin.inv_new_total')}</Text>
            <Text fw={700}>{yen(totals.total)}</Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('admin.inv_was_total', { total: yen(bill.total) })}
          </Text>
        </Stack>
        {more && (
          <Alert color="red" variant="light" role="alert">
            {t('admin.inv_reissue_more')}
          </Alert>
        )}
        {back > 0 && (
          <Alert color="blue" variant="light">
            {t('admin.inv_reissue_return', { amount: yen(back) })}
          </Alert>
        )}
        <Textarea
          label={t('admin.inv_reason')}
          description={t('admin.chars_count', { n: [...reason].length, max: 500 })}
          required
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={err('reason')}
        />
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={send.isPending} disabled={submitted && (more || !checked.ok)}>
            {t('admin.inv_reissue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
