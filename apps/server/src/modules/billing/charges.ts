import { canTransition, japanDay, type PaymentStatus } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type ChargeResult, type PaymentProvider, paymentProvider, WebhookSignatureError } from './provider.js';
import { findPaymentByCharge, insertReceipt, markEventHandled, receivedFor, setProviderCharge, unpaidCardBills } from './repo/receipts.js';
import { type CardRow, findCard, findPayment, type PaymentRow, setPaymentStatus } from './repo.js';

// Card charges and their outcome (docs/decisions.md "Card payments with Stripe"). A charge takes the bill's balance
// (UNPAID | FAILED -> PROCESSING in one transaction, so a second submit meets PROCESSING: 409), then the provider's
// answer is applied in a second one: succeeded -> a card receipt beside the invoice and PAID once the receipts cover
// the total; failed -> FAILED with the reason; pending (3-D Secure) -> stays PROCESSING until the provider's webhook.
// The same outcome reported twice (the answer, then the webhook; or a webhook delivered again) changes nothing.

/** Applies a charge's outcome to the bill (locked by the caller's transaction); answers the bill's status after. */
export async function applyCharge(
  ctx: AppContext,
  q: Queryable,
  row: PaymentRow,
  result: ChargeResult,
  provider: string,
  card: Pick<CardRow, 'brand' | 'last4'> | null,
): Promise<PaymentStatus> {
  const id = Number(row.id);
  // only the bill's current attempt moves it (a late report of an earlier attempt does not)
  const current = row.provider_charge_id === null || row.provider_charge_id === result.chargeId;
  if (result.status === 'pending') {
    if (current && row.status === 'PROCESSING') await setProviderCharge(q, id, result.chargeId);
    return row.status;
  }
  if (result.status === 'failed') {
    if (!current || row.status !== 'PROCESSING') return row.status;
    await setPaymentStatus(q, id, 'FAILED', { failureReason: result.reason, chargeId: result.chargeId ?? undefined });
    return 'FAILED';
  }
  // money was taken: the receipt records it whatever the bill's state (a charge on a closed bill shows, to refund)
  const fresh = await insertReceipt(q, {
    paymentId: id,
    kind: 'CARD',
    amount: result.amountYen,
    receivedOn: japanDay(ctx.clock.now()),
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    provider,
    providerRef: result.chargeId,
  });
  if (!fresh) return row.status;
  if (!current || !canTransition(row.status, 'PAID')) {
    ctx.log.warn({ paymentId: id, status: row.status, chargeId: result.chargeId }, 'card charge succeeded on a bill it does not settle');
    return row.status;
  }
  if ((await receivedFor(q, id)) < row.total) return row.status;
  await setPaymentStatus(q, id, 'PAID', { chargeId: result.chargeId });
  return 'PAID';
}

/**
 * Charges a bill's balance to the payer's saved card under `key` (the provider's idempotency key: a retried call
 * charges once). On-session (the payer at the bill screen), a bill still waiting for 3-D Secure is resumed: the
 * provider's current answer, with its client secret again.
 */
export async function chargeBill(
  ctx: AppContext,
  provider: PaymentProvider,
  id: number,
  card: CardRow,
  key: string,
  offSession: boolean,
): Promise<{ status: PaymentStatus; result: ChargeResult }> {
  const start = await ctx.db.tx(async (q): Promise<{ resume: string } | { amount: number }> => {
    const row = await findPayment(q, id, true);
    if (!row) throw notFound();
    if (row.status === 'PROCESSING') {
      if (row.provider_charge_id && !offSession) return { resume: row.provider_charge_id };
      throw conflict('server.payment_in_progress', 'PAYMENT_IN_PROGRESS');
    }
    if (!canTransition(row.status, 'PROCESSING')) throw conflict('server.payment_transition_invalid', 'INVALID_TRANSITION');
    if (row.charge_key === key) throw conflict('server.payment_in_progress', 'PAYMENT_IN_PROGRESS');
    const amount = row.total - (await receivedFor(q, id));
    await setPaymentStatus(q, id, 'PROCESSING', { chargeKey: key, failureReason: row.failure_reason });
    await setProviderCharge(q, id, null);
    return { amount };
  });
  const result: ChargeResult =
    'resume' in start
      ? await provider
          .chargeStatus(start.resume)
          .catch((): ChargeResult => ({ status: 'pending', chargeId: start.resume, clientSecret: null }))
      : await provider
          .charge({
            paymentId: id,
            customerId: card.customer_id,
            cardRef: card.card_ref,
            amountYen: start.amount,
            idempotencyKey: key,
            offSession,
          })
          .catch((): ChargeResult => ({ status: 'failed', reason: 'provider_error', chargeId: null }));
  const status = await ctx.db.tx(async (q) => {
    const row = await findPayment(q, id, true);
    if (!row) throw notFound();
    return applyCharge(ctx, q, row, result, provider.name, card);
  });
  return { status, result };
}

const CONCURRENCY = 4;

/**
 * The monthly run's off-session charges: every card bill of the month still UNPAID is charged once (key
 * `bill-{id}-monthly`; a rerun finds it PROCESSING, PAID or FAILED and leaves it). A card that asks for 3-D Secure
 * fails with authentication_required: its payer pays from the bill screen, where 3-D Secure can run.
 */
export async function chargeCardBills(ctx: AppContext, month: string): Promise<{ charged: number; paid: number }> {
  if (ctx.config.billing.paymentProvider === 'none') return { charged: 0, paid: 0 };
  const provider = await paymentProvider(ctx.config.billing);
  const ids = await unpaidCardBills(ctx.db, month, provider.name);
  let paid = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, ids.length) }, async () => {
      while (next < ids.length) {
        const id = ids[next++] as number;
        const row = await findPayment(ctx.db, id);
        const card = row ? await findCard(ctx.db, Number(row.account_id)) : undefined;
        if (!card || card.provider !== provider.name) continue;
        const r = await chargeBill(ctx, provider, id, card, `bill-${id}-monthly`, true).catch((e: unknown) => {
          if (e instanceof AppError && e.status === 409) return null; // charged meanwhile (the payer, another run)
          throw e;
        });
        if (r?.status === 'PAID') paid++;
      }
    }),
  );
  ctx.log.info({ month, charged: ids.length, paid }, 'monthly card charges');
  return { charged: ids.length, paid };
}

/**
 * A webhook of the card provider: its signature verified (400 otherwise), each event handled once (a redelivery
 * finds its id and changes nothing), a charge's outcome applied to the bill it was made for.
 */
export async function receiveProviderWebhook(ctx: AppContext, raw: unknown, signature: string | undefined): Promise<void> {
  if (ctx.config.billing.paymentProvider === 'none') throw notFound();
  const provider = await paymentProvider(ctx.config.billing);
  if (!provider.readEvent) throw notFound();
  if (!Buffer.isBuffer(raw) || !signature) throw new AppError(400, 'WEBHOOK_SIGNATURE', 'server.webhook_signature');
  let event: ReturnType<NonNullable<PaymentProvider['readEvent']>>;
  try {
    event = provider.readEvent(raw, signature);
  } catch (e) {
    if (e instanceof WebhookSignatureError) throw new AppError(400, 'WEBHOOK_SIGNATURE', 'server.webhook_signature');
    throw e;
  }
  await ctx.db.tx(async (q) => {
    let row: PaymentRow | undefined;
    if (event.kind !== 'other') {
      row = await findPaymentByCharge(q, event.chargeId, true);
      // the charge's own id not stored yet (the answer lost): the bill its metadata names
      if (!row && event.paymentId !== null) row = await findPayment(q, event.paymentId, true);
    }
    const fresh = await markEventHandled(q, {
      provider: provider.name,
      eventId: event.id,
      type: event.type,
      paymentId: row ? Number(row.id) : null,
    });
    if (!fresh || !row || event.kind === 'other') return;
    const result: ChargeResult =
      event.kind === 'succeeded'
        ? { status: 'succeeded', chargeId: event.chargeId, amountYen: event.amountYen }
        : { status: 'failed', chargeId: event.chargeId, reason: event.reason };
    const card = await findCard(q, Number(row.account_id));
    await applyCharge(ctx, q, row, result, provider.name, card ?? null);
  });
}
