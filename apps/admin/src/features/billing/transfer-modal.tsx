import { Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { ApiError } from '@swipe/api-client';
import { type BillPayments, japanDay, recordTransferBody } from '@swipe/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLang, useT } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type FieldErrors, shown, validate } from '../../lib/validate';
import { yen } from './format';
import { recordTransfer } from './payments-api';

// The seller records a bank transfer that arrived: the day, the amount (the balance by default) and the payer's name
// as the bank statement prints it. The core's rules check it as it is typed; one idempotency key per opening of the
// form, so a double click records it once.

interface Form {
  receivedOn: string;
  amount: number | string;
  payerName: string;
}

export function TransferModal({
  billId,
  month,
  company,
  balance,
  opened,
  onClose,
}: {
  billId: number;
  month: string;
  company: string;
  balance: number;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const today = japanDay(new Date());
  const [form, setForm] = useState<Form>({ receivedOn: today, amount: balance, payerName: '' });
  const [key] = useState(() => crypto.randomUUID());
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  // an emptied amount is a missing one (required), not a wrong type
  const body = { ...form, amount: typeof form.amount === 'number' ? form.amount : undefined, idempotencyKey: key };
  const v = validate(recordTransferBody, body, lang);
  const errors: FieldErrors = { ...(v.ok ? {} : v.errors), ...serverErrors };
  if (form.receivedOn > today) errors.receivedOn ??= t('admin.billing_transfer_future');
  if (typeof form.amount === 'number' && form.amount > balance)
    errors.amount ??= t('admin.billing_transfer_over', { balance: yen(balance) });

  // the parent mounts the form when it opens (the balance of that moment, a new key); closing drops it
  const close = onClose;
  const save = useMutation({
    mutationFn: () => recordTransfer(billId, { ...form, amount: Number(form.amount), idempotencyKey: key }),
    onSuccess: async (r: BillPayments) => {
      notifySuccess(
        r.status === 'PAID' ? t('admin.billing_transfer_paid') : t('admin.billing_transfer_saved', { balance: yen(r.balance) }),
      );
      qc.setQueryData(['bill', billId, 'payments'], r);
      await qc.invalidateQueries({ queryKey: ['bills'] });
      await qc.invalidateQueries({ queryKey: ['bill', billId] });
      close();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) setServerErrors(Object.fromEntries(err.fields.map((f) => [f.path, f.message])));
      else notifyError(err);
    },
  });
  const set = (patch: Partial<Form>) => {
    setServerErrors({});
    setForm((f) => ({ ...f, ...patch }));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(errors).length === 0) save.mutate();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('admin.billing_transfer_title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {month} · {company} · {t('admin.billing_balance_is', { balance: yen(balance) })}
          </Text>
          <TextInput
            type="date"
            label={t('admin.billing_transfer_date')}
            value={form.receivedOn}
            max={today}
            onChange={(e) => set({ receivedOn: e.currentTarget.value })}
            error={shown(errors, 'receivedOn', tried || form.receivedOn !== today)}
            required
          />
          <NumberInput
            label={t('admin.billing_transfer_amount')}
            value={form.amount}
            onChange={(amount) => set({ amount })}
            min={1}
            max={balance}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            prefix="¥"
            error={shown(errors, 'amount', tried || form.amount !== balance)}
            required
          />
          <TextInput
            label={t('admin.billing_transfer_payer')}
            description={t('admin.billing_transfer_payer_hint')}
            value={form.payerName}
            maxLength={100}
            onChange={(e) => set({ payerName: e.currentTarget.value })}
            error={shown(errors, 'payerName', tried || form.payerName !== '')}
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('admin.billing_transfer_submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
