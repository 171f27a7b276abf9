import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { BillSummary } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type CardInput, cardQuery, payByCard } from './api';
import { yen } from './format';

// Pay an unpaid or failed bill by card. The number lives in uncontrolled inputs (never React state), is read on
// submit, goes only to the provider's tokenising call, and the inputs are cleared when the call ends.

function luhn(n: string): boolean {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function PayCardModal({ bill, onClose }: { bill: BillSummary | null; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const card = useQuery({ ...cardQuery(), enabled: bill !== null });
  const [mode, setMode] = useState<'saved' | 'new'>('saved');
  const [errors, setErrors] = useState<Partial<Record<keyof CardInput, string>>>({});
  const refs = {
    number: useRef<HTMLInputElement>(null),
    expMonth: useRef<HTMLInputElement>(null),
    expYear: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
  };
  const saved = card.data?.card ?? null;
  const useSaved = saved !== null && mode === 'saved';

  const clear = () => {
    for (const r of Object.values(refs)) if (r.current) r.current.value = '';
  };
  const pay = useMutation({
    mutationFn: ({ id, input }: { id: number; input: CardInput | null }) => payByCard(id, input),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['bills'] });
      await qc.invalidateQueries({ queryKey: ['bill', 'card'] });
      onClose();
    },
    onError: (e) => notifyError(e),
    onSettled: clear,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!bill) return;
    if (useSaved) return pay.mutate({ id: bill.id, input: null });
    const read = (k: keyof CardInput) => (refs[k].current?.value ?? '').replace(/\s+/g, '');
    const input: CardInput = { number: read('number'), expMonth: read('expMonth'), expYear: read('expYear'), cvc: read('cvc') };
    const next: Partial<Record<keyof CardInput, string>> = {};
    if (!/^\d{12,19}$/.test(input.number) || !luhn(input.number)) next.number = t('admin.card_invalid_number');
    const m = Number(input.expMonth);
    const y = Number(input.expYear.length === 2 ? `20${input.expYear}` : input.expYear);
    if (!(m >= 1 && m <= 12) || !(y >= 2000 && y <= 2100)) next.expMonth = t('admin.card_invalid_exp');
    if (!/^\d{3,4}$/.test(input.cvc)) next.cvc = t('admin.card_invalid_cvc');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    pay.mutate({ id: bill.id, input: { ...input, expYear: String(y) } });
  };

  return (
    <Modal
      opened={bill !== null}
      onClose={() => {
        clear();
        onClose();
      }}
      title={t('admin.card_title')}
    >
      {bill && (
        <form onSubmit={submit} noValidate autoComplete="off">
          <Stack gap="sm">
            <Text fw={600}>
              {bill.yearMonth} · {t('admin.card_amount', { total: yen(bill.total) })}
            </Text>
            {saved && (
              <SegmentedControl
                value={mode}
                onChange={(v) => setMode(v === 'new' ? 'new' : 'saved')}
                data={[
                  { value: 'saved', label: t('admin.card_saved', { brand: saved.brand, last4: saved.last4 }) },
                  { value: 'new', label: t('admin.card_new') },
                ]}
                fullWidth
              />
            )}
            {!useSaved && (
              <>
                <TextInput
                  ref={refs.number}
                  label={t('admin.card_number')}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  maxLength={23}
                  error={errors.number}
                  required
                />
                <Group grow align="flex-start">
                  <TextInput
                    ref={refs.expMonth}
                    label={t('admin.card_exp_month')}
                    inputMode="numeric"
                    autoComplete="cc-exp-month"
                    placeholder="MM"
                    maxLength={2}
                    error={errors.expMonth}
                    required
                  />
                  <TextInput
                    ref={refs.expYear}
                    label={t('admin.card_exp_year')}
                    inputMode="numeric"
                    autoComplete="cc-exp-year"
                    placeholder="YYYY"
                    maxLength={4}
                    required
                  />
                  <TextInput
                    ref={refs.cvc}
                    label={t('admin.card_cvc')}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    maxLength={4}
                    error={errors.cvc}
                    required
                  />
                </Group>
                <Alert variant="light" color="gray">
                  <Text size="xs">{t('admin.card_note')}</Text>
                </Alert>
              </>
            )}
            <Button type="submit" loading={pay.isPending}>
              {t('admin.card_submit', { total: yen(bill.total) })}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
