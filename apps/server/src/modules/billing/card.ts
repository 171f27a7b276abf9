import { canTransition } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { AppError, conflict, fieldError, notFound } from '../../errors.js';
import { type Actor, assertCanEdit, assertMenu } from '../accounts/actor.js';
import { paymentProvider } from './provider.js';
import { findCard, findPayment, saveCard, setPaymentStatus } from './repo.js';
import { visiblePayment } from './service.js';

// Cards (issue 10.5): the browser tokenises the card with the provider; the app stores the provider's customer and
// card reference with the brand and last 4 only, and charges a bill once (UNPAID | FAILED -> PROCESSING -> PAID | FAILED).

/** POST /bill/card: attaches the tokenised card to the caller's account (replacing any earlier one). */
export async function registerCard(ctx: AppContext, actor: Actor, token: string): Promise<{ brand: string; last4: string }> {
  assertMenu(actor, 'plan_check');
  assertCanEdit(actor);
  const provider = paymentProvider(ctx.config.billing);
  const existing = await findCard(ctx.db, actor.ownerId);
  const customerId = existing?.provider === provider.name ? existing.customer_id : await provider.createCustomer(actor.ownerId);
  const card = await provider.attachCard(customerId, token);
  if (!card) throw fieldError('token', 'validation.card_token');
  await saveCard(ctx.db, actor.ownerId, {
    provider: provider.name,
    customer_id: customerId,
    card_ref: card.cardRef,
    brand: card.brand,
    last4: card.last4,
  });
  return { brand: card.brand, last4: card.last4 };
}

export async function currentCard(ctx: AppContext, actor: Actor): Promise<{ brand: string; last4: string } | null> {
  assertMenu(actor, 'plan_check');
  const c = await findCard(ctx.db, actor.ownerId);
  return c ? { brand: c.brand, last4: c.last4 } : null;
}

/**
 * POST /bill/{id}/pay: charges the payer's card once. A second submit finds the bill PROCESSING (409) or PAID
 * (409); the same Idempotency-Key reaches the provider as the same key, so a retried request charges once.
 */
export async function payBill(ctx: AppContext, actor: Actor, id: number, idempotencyKey?: string): Promise<void> {
  const { role } = await visiblePayment(ctx, actor, id);
  if (role !== 'payer') throw notFound();
  assertCanEdit(actor);
  const card = await findCard(ctx.db, actor.ownerId);
  if (!card) throw fieldError('card', 'validation.card_required');
  const provider = paymentProvider(ctx.config.billing);
  const chargeKey = `${id}:${idempotencyKey ?? `${Date.now()}`}`;
  const amount = await ctx.db.tx(async (q) => {
    const row = await findPayment(q, id, true);
    if (!row) throw notFound();
    if (row.status === 'PROCESSING') throw conflict('server.payment_in_progress', 'PAYMENT_IN_PROGRESS');
    if (!canTransition(row.status, 'PROCESSING')) throw conflict('server.payment_transition_invalid', 'INVALID_TRANSITION');
    if (row.charge_key === chargeKey) throw conflict('server.payment_in_progress', 'PAYMENT_IN_PROGRESS');
    await setPaymentStatus(q, id, 'PROCESSING', { chargeKey, failureReason: row.failure_reason });
    return row.total;
  });
  const result = await provider
    .charge(card.customer_id, card.card_ref, amount, chargeKey)
    .catch(() => ({ ok: false as const, reason: 'provider_error' as const }));
  await ctx.db.tx((q) =>
    result.ok
      ? setPaymentStatus(q, id, 'PAID', { chargeId: result.chargeId, method: 'CARD', brand: card.brand, last4: card.last4 })
      : setPaymentStatus(q, id, 'FAILED', { failureReason: result.reason, method: 'CARD', brand: card.brand, last4: card.last4 }),
  );
  if (!result.ok)
    throw new AppError(422, 'CARD_DECLINED', result.reason === 'card_declined' ? 'server.card_declined' : 'server.payment_provider_error');
}
