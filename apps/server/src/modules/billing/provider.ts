import { createHmac, randomUUID } from 'node:crypto';
import type { BillingConfig } from '../../config.js';
import { conflict } from '../../errors.js';

// Card payments go through a provider (docs/operations.md "Billing and card payments"): the browser hands the card
// to the provider (Stripe.js, or the built-in test provider's own endpoint) and the app gets a reference; it keeps
// only the provider's customer id, the card reference, the brand and the last 4 digits. A provider is one adapter
// implementing PaymentProvider (stripe-provider.ts, TestProvider below), chosen by PAYMENT_PROVIDER.

export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

export interface CardDetails {
  customerId: string;
  cardRef: string;
  brand: string;
  last4: string;
}

/** Why a charge failed: a decline, a card that asks for 3-D Secure while its holder is away, or the provider itself. */
export type ChargeFailure = 'card_declined' | 'authentication_required' | 'provider_error';

/**
 * A charge's state: succeeded; pending (the card asks for 3-D Secure: the browser completes it with
 * `clientSecret`, and the provider's webhook tells the outcome); or failed.
 */
export type ChargeResult =
  | { status: 'succeeded'; chargeId: string; amountYen: number }
  | { status: 'pending'; chargeId: string; clientSecret: string | null }
  | { status: 'failed'; reason: ChargeFailure; chargeId: string | null };

export interface ChargeRequest {
  paymentId: number;
  customerId: string;
  cardRef: string;
  amountYen: number;
  /** the same key makes a retried call charge once */
  idempotencyKey: string;
  /** true: the monthly run charges the saved card with its holder away (a card asking for 3-D Secure fails) */
  offSession: boolean;
}

/** A provider's webhook event, verified and read: a charge that succeeded or failed, or anything else. */
export type ProviderEvent =
  | { id: string; type: string; kind: 'succeeded'; chargeId: string; paymentId: number | null; amountYen: number }
  | { id: string; type: string; kind: 'failed'; chargeId: string; paymentId: number | null; reason: ChargeFailure }
  | { id: string; type: string; kind: 'other' };

/** A webhook whose signature does not verify (400, nothing read). */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: string;
  /** what the browser loads the provider's script with (null: the built-in test provider's own form) */
  readonly publishableKey: string | null;
  /**
   * A card set-up the browser completes with the provider's script: its client secret (the provider's customer is
   * made for the account when it has none yet); null: this provider takes tokens from its own form instead.
   */
  startCardSetup(accountId: number, customerId: string | null, idempotencyKey: string): Promise<string | null>;
  /** The card the browser registered (a token, or a completed set-up) for this account, or null (refused). */
  attachCard(accountId: number, customerId: string | null, token: string): Promise<CardDetails | null>;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** The state of an earlier charge (a payer back at a bill still waiting for 3-D Secure). */
  chargeStatus(chargeId: string): Promise<ChargeResult>;
  /** Verifies a webhook's signature (WebhookSignatureError) and reads it; absent: the provider sends none. */
  readEvent?(raw: Buffer, signature: string): ProviderEvent;
}

const DECLINED = '4000000000000002';
const SECRET = randomUUID();

function brandOf(n: string): string {
  if (n.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(n)) return 'Mastercard';
  if (/^3[47]/.test(n)) return 'American Express';
  if (/^35/.test(n)) return 'JCB';
  return 'Card';
}

/**
 * The built-in test provider: 4242424242424242 succeeds, 4000000000000002 is declined. Its token is signed and
 * carries only the brand, the last 4 and whether the card declines: the number itself goes nowhere.
 */
export class TestProvider implements PaymentProvider {
  readonly name = 'test';
  private readonly charges = new Map<string, ChargeResult>();
  private readonly byId = new Map<string, ChargeResult>();

  /** The test provider's own endpoint (POST /api/v1/bill/test-provider/tokens) calls this: number in, token out. */
  static tokenize(number: string): CardToken {
    const brand = brandOf(number);
    const last4 = number.slice(-4);
    const body = Buffer.from(JSON.stringify({ b: brand, l: last4, d: number === DECLINED })).toString('base64url');
    const sig = createHmac('sha256', SECRET).update(body).digest('base64url');
    return { token: `tok_${body}.${sig}`, brand, last4 };
  }

  readonly publishableKey = null;

  async startCardSetup(): Promise<string | null> {
    return null;
  }

  async attachCard(accountId: number, customerId: string | null, token: string): Promise<CardDetails | null> {
    const m = /^tok_([\w-]+)\.([\w-]+)$/.exec(token);
    if (!m?.[1] || m[2] !== createHmac('sha256', SECRET).update(m[1]).digest('base64url')) return null;
    const c = JSON.parse(Buffer.from(m[1], 'base64url').toString()) as { b: string; l: string; d: boolean };
    return {
      customerId: customerId ?? `cus_test_${accountId}`,
      cardRef: `card_test_${c.d ? 'declined' : 'ok'}_${c.l}`,
      brand: c.b,
      last4: c.l,
    };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const seen = this.charges.get(req.idempotencyKey);
    if (seen) return seen;
    const chargeId = `ch_test_${randomUUID()}`;
    const r: ChargeResult = req.cardRef.startsWith('card_test_declined')
      ? { status: 'failed', reason: 'card_declined', chargeId }
      : { status: 'succeeded', chargeId, amountYen: req.amountYen };
    this.charges.set(req.idempotencyKey, r);
    this.byId.set(chargeId, r);
    return r;
  }

  async chargeStatus(chargeId: string): Promise<ChargeResult> {
    return this.byId.get(chargeId) ?? { status: 'failed', reason: 'provider_error', chargeId };
  }
}

const providers = new WeakMap<BillingConfig, Promise<PaymentProvider>>();

/**
 * The configured provider (PAYMENT_PROVIDER), one per configuration. Stripe's SDK is loaded only when chosen, so a
 * deployment without it never pays for its start-up.
 */
export function paymentProvider(cfg: BillingConfig): Promise<PaymentProvider> {
  if (cfg.paymentProvider === 'none') throw conflict('server.card_payments_unavailable', 'CARD_PAYMENTS_UNAVAILABLE');
  let p = providers.get(cfg);
  if (!p) {
    const stripe = cfg.stripe;
    if (cfg.paymentProvider === 'stripe' && stripe) p = import('./stripe-provider.js').then((m) => new m.StripeProvider(stripe));
    else if (cfg.paymentProvider === 'test') p = Promise.resolve(new TestProvider());
    else throw new Error(`PAYMENT_PROVIDER: no adapter named "${cfg.paymentProvider}" (or its settings are missing)`);
    providers.set(cfg, p);
  }
  return p;
}
