import { createHmac, randomUUID } from 'node:crypto';
import type { BillingConfig } from '../../config.js';
import { conflict } from '../../errors.js';

// Card payments go through a provider (docs/operations.md "Card payments"): the browser hands the card to the
// provider (its script, or the built-in test provider's own endpoint) and gets a token; the app keeps only the
// provider's customer id, the card reference, the brand and the last 4 digits. A real provider is one adapter
// implementing PaymentProvider, chosen by PAYMENT_PROVIDER.

export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

export type ChargeResult = { ok: true; chargeId: string } | { ok: false; reason: 'card_declined' | 'provider_error' };

export interface PaymentProvider {
  readonly name: string;
  createCustomer(accountId: number): Promise<string>;
  /** Attaches a card the browser tokenised; answers the card reference with its brand and last 4 (null: bad token). */
  attachCard(customerId: string, token: string): Promise<{ cardRef: string; brand: string; last4: string } | null>;
  /** Charges yen to a card; the idempotency key makes a retried call charge once. */
  charge(customerId: string, cardRef: string, amountYen: number, idempotencyKey: string): Promise<ChargeResult>;
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

  /** The test provider's own endpoint (POST /api/v1/bill/test-provider/tokens) calls this: number in, token out. */
  static tokenize(number: string): CardToken {
    const brand = brandOf(number);
    const last4 = number.slice(-4);
    const body = Buffer.from(JSON.stringify({ b: brand, l: last4, d: number === DECLINED })).toString('base64url');
    const sig = createHmac('sha256', SECRET).update(body).digest('base64url');
    return { token: `tok_${body}.${sig}`, brand, last4 };
  }

  async createCustomer(accountId: number): Promise<string> {
    return `cus_test_${accountId}`;
  }

  async attachCard(_customerId: string, token: string): Promise<{ cardRef: string; brand: string; last4: string } | null> {
    const m = /^tok_([\w-]+)\.([\w-]+)$/.exec(token);
    if (!m?.[1] || m[2] !== createHmac('sha256', SECRET).update(m[1]).digest('base64url')) return null;
    const c = JSON.parse(Buffer.from(m[1], 'base64url').toString()) as { b: string; l: string; d: boolean };
    return { cardRef: `card_test_${c.d ? 'declined' : 'ok'}_${c.l}`, brand: c.b, last4: c.l };
  }

  async charge(_customerId: string, cardRef: string, _amountYen: number, idempotencyKey: string): Promise<ChargeResult> {
    const seen = this.charges.get(idempotencyKey);
    if (seen) return seen;
    const r: ChargeResult = cardRef.startsWith('card_test_declined')
      ? { ok: false, reason: 'card_declined' }
      : { ok: true, chargeId: `ch_test_${randomUUID()}` };
    this.charges.set(idempotencyKey, r);
    return r;
  }
}

const providers = new Map<string, PaymentProvider>();

/** The configured provider (PAYMENT_PROVIDER); an unknown name is a start-up configuration error. */
export function paymentProvider(cfg: BillingConfig): PaymentProvider {
  if (cfg.paymentProvider === 'none') throw conflict('server.card_payments_unavailable', 'CARD_PAYMENTS_UNAVAILABLE');
  let p = providers.get(cfg.paymentProvider);
  if (!p) {
    if (cfg.paymentProvider !== 'test') throw new Error(`PAYMENT_PROVIDER: no adapter named "${cfg.paymentProvider}"`);
    p = new TestProvider();
    providers.set(cfg.paymentProvider, p);
  }
  return p;
}
