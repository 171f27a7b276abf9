import Stripe from 'stripe';
import type { StripeSettings } from '../../config.js';
import {
  type CardDetails,
  type ChargeFailure,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  type ProviderEvent,
  WebhookSignatureError,
} from './provider.js';

// Stripe through its official SDK (PAYMENT_PROVIDER=stripe). Cards are saved with SetupIntents (the browser confirms
// the set-up with Stripe.js; the server reads the completed set-up and keeps the PaymentMethod's id, brand and last
// 4); bills are charged with PaymentIntents in yen, off-session by the monthly run and on-session from the bill
// screen, each create under an idempotency key. A card asking for 3-D Secure leaves the PaymentIntent in
// requires_action: the browser completes next_action with Stripe.js and the webhook (payment_intent.succeeded /
// payment_intent.payment_failed, signature checked with constructEvent) settles the bill.

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  jcb: 'JCB',
  diners: 'Diners Club',
  discover: 'Discover',
  unionpay: 'UnionPay',
};

function failureOf(code: string | undefined | null): ChargeFailure {
  return code === 'authentication_required' ? 'authentication_required' : 'card_declined';
}

/** What a PaymentIntent's status means for the bill. */
function resultOf(pi: Stripe.PaymentIntent): ChargeResult {
  if (pi.status === 'succeeded') return { status: 'succeeded', chargeId: pi.id, amountYen: pi.amount_received || pi.amount };
  if (pi.status === 'requires_action' || pi.status === 'processing' || pi.status === 'requires_confirmation')
    return { status: 'pending', chargeId: pi.id, clientSecret: pi.status === 'requires_action' ? pi.client_secret : null };
  if (pi.status === 'canceled') return { status: 'failed', reason: 'card_declined', chargeId: pi.id };
  return { status: 'failed', reason: failureOf(pi.last_payment_error?.code), chargeId: pi.id };
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly publishableKey: string;
  private readonly client: Stripe;
  private readonly webhookSecret: string;

  constructor(s: StripeSettings) {
    const api = s.apiUrl ? new URL(s.apiUrl) : null;
    this.client = new Stripe(s.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      // another API server than Stripe's (tests, stripe-mock): the same SDK, the same requests
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
      telemetry: false,
    });
    this.publishableKey = s.publishableKey;
    this.webhookSecret = s.webhookSecret;
  }

  async startCardSetup(accountId: number, customerId: string | null, idempotencyKey: string): Promise<string | null> {
    const customer =
      customerId ??
      (
        await this.client.customers.create(
          { metadata: { account_id: String(accountId) } },
          { idempotencyKey: `customer-${accountId}-${idempotencyKey}` },
        )
      ).id;
    const si = await this.client.setupIntents.create(
      { customer, usage: 'off_session', allowed_payment_method_types: ['card'], metadata: { account_id: String(accountId) } },
      { idempotencyKey: `setup-${accountId}-${idempotencyKey}` },
    );
    if (!si.client_secret) throw new Error('Stripe answered a SetupIntent without client_secret');
    return si.client_secret;
  }

  /** The token is the SetupIntent the browser confirmed: it must have succeeded, for this account. */
  async attachCard(accountId: number, _customerId: string | null, token: string): Promise<CardDetails | null> {
    if (!/^seti_[A-Za-z0-9]+$/.test(token)) return null;
    const si = await this.client.setupIntents.retrieve(token).catch((e: unknown) => {
      if (e instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw e;
    });
    const customer = typeof si?.customer === 'string' ? si.customer : si?.customer?.id;
    if (si?.status !== 'succeeded' || si.metadata?.account_id !== String(accountId) || !customer || !si.payment_method) return null;
    const pmId = typeof si.payment_method === 'string' ? si.payment_method : si.payment_method.id;
    const pm = await this.client.paymentMethods.retrieve(pmId);
    if (!pm.card) return null;
    return { customerId: customer, cardRef: pm.id, brand: BRANDS[pm.card.brand] ?? pm.card.brand, last4: pm.card.last4 };
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    try {
      const pi = await this.client.paymentIntents.create(
        {
          amount: req.amountYen,
          currency: 'jpy',
          customer: req.customerId,
          payment_method: req.cardRef,
          allowed_payment_method_types: ['card'],
          confirm: true,
          // off-session: Stripe declines (authentication_required) rather than wait for a holder who is away;
          // on-session: the browser completes 3-D Secure with Stripe.js
          ...(req.offSession ? { off_session: true } : { use_stripe_sdk: true }),
          metadata: { payment_id: String(req.paymentId) },
        },
        { idempotencyKey: req.idempotencyKey },
      );
      return resultOf(pi);
    } catch (e) {
      if (e instanceof Stripe.errors.StripeCardError)
        return { status: 'failed', reason: failureOf(e.code), chargeId: e.payment_intent?.id ?? null };
      return { status: 'failed', reason: 'provider_error', chargeId: null };
    }
  }

  async chargeStatus(chargeId: string): Promise<ChargeResult> {
    return resultOf(await this.client.paymentIntents.retrieve(chargeId));
  }

  readEvent(raw: Buffer, signature: string): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.client.webhooks.constructEvent(raw, signature, this.webhookSecret);
    } catch (e) {
      if (e instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(e.message);
      throw e;
    }
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const pi = event.data.object;
      const paymentId = /^\d{1,15}$/.test(pi.metadata?.payment_id ?? '') ? Number(pi.metadata.payment_id) : null;
      return event.type === 'payment_intent.succeeded'
        ? { id: event.id, type: event.type, kind: 'succeeded', chargeId: pi.id, paymentId, amountYen: pi.amount_received || pi.amount }
        : { id: event.id, type: event.type, kind: 'failed', chargeId: pi.id, paymentId, reason: failureOf(pi.last_payment_error?.code) };
    }
    return { id: event.id, type: event.type, kind: 'other' };
  }
}
