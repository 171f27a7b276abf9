import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { BillSummary, PayBillResponse } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useLang, useT } from '../../lib/i18n';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { type CardInput, cardQuery, payByCard } from './api';
import { yen } from './format';
import { payBill, registerCard, startCardSetup } from './payments-api';

// Pay an unpaid or failed bill by card (its balance, when transfers paid part of it). With the built-in test
// provider the number lives in uncontrolled inputs (never React state), is read on submit, goes only to the
// provider's tokenising call, and the inputs are cleared when the call ends. With Stripe (PAYMENT_PROVIDER=stripe)
// the card goes into Stripe's own field (Stripe.js, loaded by this dialog only then), is saved through a SetupIntent,
// and a 3-D Secure step asked by the card runs in Stripe.js; the webhook then settles the bill.

const StripeCardField = lazy(() => import('./stripe-card').then((m) => ({ default: m.StripeCardField })));

/** A message Stripe.js gave (a refused card, a failed 3-D Secure): shown in the dialog. */
class StripeMessage extends Error {}

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

export function PayCardModal({ bill, amount, onClose }: { bill: BillSummary | null; amount?: number; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const card = useQuery({ ...cardQuery(), enabled: bill !== null });
  const [mode, setMode] = useState<'saved' | 'new'>('saved');
  const [stripeError, setStripeError] = useState<string | null>(null);
  const stripeRef = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const onStripeReady = useCallback((r: { stripe: Stripe; card: StripeCardElement } | null) => {
    stripeRef.current = r;
  }, []);
  const publishableKey = card.data?.provider === 'stripe' ? card.data.publishableKey : null;
  const due = bill ? (amount ?? bill.total) : 0;
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
  /** Stripe: a new card saved through a SetupIntent, then the charge; a 3-D Secure step completed in Stripe.js. */
  const payWithStripe = async (id: number, pk: string, newCard: boolean): Promise<PayBillResponse> => {
    if (newCard) {
      const s = stripeRef.current;
      if (!s) throw new StripeMessage(t('admin.billing_stripe_unavailable'));
      const setup = await startCardSetup(crypto.randomUUID());
      const r = await s.stripe.confirmCardSetup(setup.clientSecret, { payment_method: { card: s.card } });
      if (r.error) throw new StripeMessage(r.error.message ?? t('admin.billing_stripe_unavailable'));
      await registerCard(r.setupIntent.id);
    }
    const paid = await payBill(id, crypto.randomUUID());
    if (paid.status !== 'PROCESSING' || !paid.clientSecret) return paid;
    const stripe = await (await import('./stripe-card')).stripeJs(pk);
    if (!stripe) throw new StripeMessage(t('admin.billing_stripe_unavailable'));
    const done = await stripe.handleNextAction({ clientSecret: paid.clientSecret });
    if (done.error) throw new StripeMessage(done.error.message ?? t('admin.billing_stripe_unavailable'));
    return { ...paid, message: t('admin.billing_confirming') };
  };
  const pay = useMutation({
    mutationFn: ({ id, input }: { id: number; input: CardInput | null }) =>
      publishableKey ? payWithStripe(id, publishableKey, !useSaved) : payByCard(id, input),
    onSuccess: async (r, { id }) => {
      if (r.status === 'PAID') notifySuccess(r.message);
      else notifyInfo(r.message);
      await qc.invalidateQueries({ queryKey: ['bills'] });
      await qc.invalidateQueries({ queryKey: ['bill', id] });
      await qc.invalidateQueries({ queryKey: ['bill', 'card'] });
      onClose();
    },
    onError: async (e, { id }) => {
      if (e instanceof StripeMessage) setStripeError(e.message);
      else notifyError(e);
      // a declined card leaves the bill FAILED: the screens show it at once
      await qc.invalidateQueries({ queryKey: ['bill', id] });
    },
    onSettled: clear,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!bill) return;
    setStripeError(null);
    if (useSaved || publishableKey) return pay.mutate({ id: bill.id, input: null });
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
              {bill.yearMonth} · {t('admin.card_amount', { total: yen(due) })}
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
            {!useSaved && publishableKey && (
              <Suspense fallback={<Loader size="sm" />}>
                <StripeCardField
                  publishableKey={publishableKey}
                  lang={lang}
                  label={t('admin.card_number')}
                  unavailable={t('admin.billing_stripe_unavailable')}
                  onReady={onStripeReady}
                />
              </Suspense>
            )}
            {stripeError && (
              <Alert color="red" variant="light" role="alert">
                <Text size="sm">{stripeError}</Text>
              </Alert>
            )}
            {!useSaved && !publishableKey && (
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
              {t('admin.card_submit', { total: yen(due) })}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
