import { randomUUID } from 'node:crypto';
import type { CardResponse, PaymentStatus } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import { type Actor, assertCanEdit, assertMenu } from '../accounts/actor.js';
import { chargeBill } from './charges.js';
import { paymentProvider } from './provider.js';
import { findCard, saveCard } from './repo.js';
import { visiblePayment } from './service.js';

// Cards: the browser hands the card to the provider (Stripe.js confirming a SetupIntent, or the test provider's
// own form); the app stores the provider's customer and card reference with the brand and last 4 only, and charges
// a bill's balance (charges.ts).

/** GET /bill/card: the caller's card, and how this deployment takes cards. */
export async function currentCard(ctx: AppContext, actor: Actor): Promise<CardResponse> {
  assertMenu(actor, 'billing');
  const c = await findCard(ctx.db, actor.ownerId);
  const cfg = ctx.config.billing;
  return {
    card: c && c.provider === cfg.paymentProvider ? { brand: c.brand, last4: c.last4 } : null,
    cardPayments: cfg.paymentProvider !== 'none',
    provider: cfg.paymentProvider,
    publishableKey: cfg.paymentProvider === 'stripe' ? (cfg.stripe?.publishableKey ?? null) : null,
  };
}

/** POST /bill/card/setup: a card set-up the browser completes with the provider's script (Stripe.js). */
export async function startCardSetup(
  ctx: AppContext,
  actor: Actor,
  idempotencyKey?: string,
): Promise<{ clientSecret: string; publishableKey: string }> {
  assertMenu(actor, 'billing');
  assertCanEdit(actor);
  const provider = await paymentProvider(ctx.config.billing);
  const existing = await findCard(ctx.db, actor.ownerId);
  const customerId = existing?.provider === provider.name ? existing.customer_id : null;
  const clientSecret = await provider.startCardSetup(actor.ownerId, customerId, idempotencyKey ?? randomUUID());
  if (!clientSecret || !provider.publishableKey) throw notFound();
  return { clientSecret, publishableKey: provider.publishableKey };
}

/** POST /bill/card: registers the card the browser gave the provider (replacing any earlier one). */
export async function registerCard(ctx: AppContext, actor: Actor, token: string): Promise<{ brand: string; last4: string }> {
  assertMenu(actor, 'billing');
  assertCanEdit(actor);
  const provider = await paymentProvider(ctx.config.billing);
  const existing = await findCard(ctx.db, actor.ownerId);
  const card = await provider.attachCard(actor.ownerId, existing?.provider === provider.name ? existing.customer_id : null, token);
  if (!card) throw fieldError('token', 'validation.card_token');
  await saveCard(ctx.db, actor.ownerId, {
    provider: provider.name,
    customer_id: card.customerId,
    card_ref: card.cardRef,
    brand: card.brand,
    last4: card.last4,
  });
  return { brand: card.brand, last4: card.last4 };
}

const FAILURE_KEYS = {
  card_declined: 'server.card_declined',
  authentication_required: 'server.card_authentication_failed',
  provider_error: 'server.payment_provider_error',
} as const;

/**
 * POST /bill/{id}/pay: charges the bill's balance to the payer's card, on-session. PAID at once; or PROCESSING with
 * the client secret when the card asks for 3-D Secure (the browser completes it, the webhook settles the bill);
 * a decline is 422 CARD_DECLINED with the reason. The same Idempotency-Key reaches the provider as the same key.
 */
export async function payBill(
  ctx: AppContext,
  actor: Actor,
  id: number,
  idempotencyKey?: string,
): Promise<{ status: PaymentStatus; clientSecret: string | null }> {
  const { role } = await visiblePayment(ctx, actor, id);
  if (role !== 'payer') throw notFound();
  assertCanEdit(actor);
  const provider = await paymentProvider(ctx.config.billing);
  const card = await findCard(ctx.db, actor.ownerId);
  if (!card || card.provider !== provider.name) throw fieldError('card', 'validation.card_required');
  const { status, result } = await chargeBill(ctx, provider, id, card, `bill-${id}-${idempotencyKey ?? randomUUID()}`, false);
  if (result.status === 'failed') throw new AppError(422, 'CARD_DECLINED', FAILURE_KEYS[result.reason]);
  return { status, clientSecret: result.status === 'pending' ? result.clientSecret : null };
}
