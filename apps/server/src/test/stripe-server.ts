import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';

// A local HTTP server that answers as Stripe's API reference documents, for tests only: the app's Stripe SDK is
// pointed at it (STRIPE_API_URL), so the requests are the SDK's own. Objects start from Stripe's published
// fixtures (stripe-fixtures.json: customer, setup_intent, payment_intent, payment_method and event from
// github.com/stripe/openapi openapi/fixtures3.json, MIT), with the fields each state sets per the API reference
// (status, client_secret, next_action, last_payment_error, amount_received). Errors are Stripe's error object
// (402 card_error with code card_declined or authentication_required and the PaymentIntent). Idempotency keys are
// honoured as Stripe does: the same key replays the first answer (Idempotent-Replayed), with other parameters it
// is 400 idempotency_error. State changes are sent as signed webhook events to `webhookUrl`.
//
// Stripe's test PaymentMethods: pm_card_visa (4242, succeeds), pm_card_chargeDeclined (0002, declined),
// pm_card_authenticationRequired (3184, asks for 3-D Secure on every payment and set-up). `authenticate()` stands
// in for the cardholder completing (or failing) the 3-D Secure challenge that Stripe.js shows.

type Obj = Record<string, unknown>;
const FIXTURES = JSON.parse(
  fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'stripe-fixtures.json'), 'utf8'),
) as Record<'customer' | 'setup_intent' | 'payment_intent' | 'payment_method' | 'event', Obj>;
const TEST_CARDS: Record<string, { last4: string; behaviour: 'ok' | 'declined' | 'auth' }> = {
  pm_card_visa: { last4: '4242', behaviour: 'ok' },
  pm_card_chargeDeclined: { last4: '0002', behaviour: 'declined' },
  pm_card_authenticationRequired: { last4: '3184', behaviour: 'auth' },
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const clone = (o: Obj): Obj => structuredClone(o);

/** Stripe's form encoding (`a=1&metadata[k]=v&list[0]=x`) read back into objects and arrays. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let at: Obj = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) at[p] = value;
      else {
        if (typeof at[p] !== 'object' || at[p] === null) at[p] = {};
        at = at[p] as Obj;
      }
    });
  }
  // numbered maps become arrays
  const arrays = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const o = v as Obj;
    const keys = Object.keys(o);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrays(o[k]));
    for (const k of keys) o[k] = arrays(o[k]);
    return o;
  };
  return arrays(out) as Obj;
}

export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Obj;
}

export interface Delivery {
  event: Obj;
  status: number;
}

export class LocalStripe {
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  /** where events are delivered (the app's webhook route), set once the app listens */
  webhookUrl: string | null = null;
  readonly requests: StripeRequest[] = [];
  readonly deliveries: Delivery[] = [];
  private readonly objects = new Map<string, Obj>();
  private readonly cards = new Map<string, 'ok' | 'declined' | 'auth'>();
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  private readonly pending = new Set<Promise<void>>();
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const { status, payload, replayed } = this.handle(req, body);
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        res.end(payload);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await this.settled();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Waits for every webhook delivery started so far. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  get(objectId: string): Obj | undefined {
    return this.objects.get(objectId);
  }

  /** The cardholder completes (or fails) the 3-D Secure challenge of an intent in requires_action. */
  authenticate(intentId: string, passed: boolean): void {
    const o = this.objects.get(intentId);
    if (o?.status !== 'requires_action') throw new Error(`${intentId} is not waiting for authentication`);
    o.next_action = null;
    if (o.object === 'setup_intent') {
      o.status = passed ? 'succeeded' : 'requires_payment_method';
      if (!passed) o.last_setup_error = this.lastError('setup_intent_authentication_failure');
      return;
    }
    if (passed) {
      o.status = 'succeeded';
      o.amount_received = o.amount;
      o.latest_charge = id('ch');
      this.emit('payment_intent.succeeded', o);
    } else {
      o.status = 'requires_payment_method';
      o.last_payment_error = this.lastError('payment_intent_authentication_failure');
      this.emit('payment_intent.payment_failed', o);
    }
  }

  /** Sends an event again, as Stripe does when a delivery is retried. */
  redeliver(eventId: string): Promise<number> {
    const d = this.deliveries.find((x) => x.event.id === eventId);
    if (!d) throw new Error(`no event ${eventId}`);
    return this.deliver(d.event);
  }

  /** Sends an event with a signature made with another secret (what a forger could send). */
  async forge(event: Obj): Promise<number> {
    return this.deliver(event, `whsec_${randomBytes(16).toString('hex')}`);
  }

  private async deliver(event: Obj, secret = this.webhookSecret): Promise<number> {
    if (!this.webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
      body: payload,
    });
    await res.arrayBuffer();
    if (secret === this.webhookSecret) this.deliveries.push({ event, status: res.status });
    return res.status;
  }

  private emit(type: string, object: Obj): void {
    const event = {
      ...clone(FIXTURES.event),
      id: id('evt'),
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      data: { object: clone(object) },
      pending_webhooks: 1,
      request: { id: id('req'), idempotency_key: null },
    };
    const p: Promise<void> = this.deliver(event).then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private lastError(code: string, declineCode?: string): Obj {
    return {
      type: 'card_error',
      code,
      ...(declineCode ? { decline_code: declineCode } : {}),
      doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
      message:
        code === 'card_declined'
          ? 'Your card was declined.'
          : code === 'authentication_required'
            ? 'Your card was declined. This transaction requires authentication.'
            : 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    };
  }

  private error(status: number, e: Obj): { status: number; body: Obj } {
    return { status, body: { error: e } };
  }

  private handle(req: http.IncomingMessage, raw: string): { status: number; payload: string; replayed: boolean } {
    const url = new URL(req.url ?? '/', 'http://x');
    const params = req.method === 'POST' ? parseForm(raw) : parseForm(url.search.slice(1));
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    this.requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key, params });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      const r = this.error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' });
      return { status: r.status, payload: JSON.stringify(r.body), replayed: false };
    }
    const fingerprint = `${req.method} ${url.pathname} ${raw}`;
    if (key && req.method === 'POST') {
      const seen = this.idempotent.get(key);
      if (seen && seen.fingerprint !== fingerprint) {
        const r = this.error(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
        return { status: r.status, payload: JSON.stringify(r.body), replayed: false };
      }
      if (seen) return { status: seen.status, payload: seen.body, replayed: true };
    }
    const r = this.route(req.method ?? 'GET', url.pathname, params);
    const payload = JSON.stringify(r.body);
    if (key && req.method === 'POST') this.idempotent.set(key, { fingerprint, status: r.status, body: payload });
    return { status: r.status, payload, replayed: false };
  }

  private route(method: string, p: string, params: Obj): { status: number; body: Obj } {
    const m = /^\/v1\/(customers|setup_intents|payment_intents|payment_methods)(?:\/([^/]+))?(?:\/(confirm))?$/.exec(p);
    const missing = (what: string) =>
      this.error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${what}: '${m?.[2]}'` });
    if (!m) return this.error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${p}).` });
    const [, kind, objId, action] = m;
    if (method === 'GET' && objId)
      return this.objects.has(objId) ? { status: 200, body: this.objects.get(objId) as Obj } : missing(kind as string);
    if (method !== 'POST')
      return this.error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${p}).` });
    if (kind === 'customers' && !objId) return { status: 200, body: this.createCustomer(params) };
    if (kind === 'setup_intents' && !objId) return { status: 200, body: this.createSetupIntent(params) };
    if (kind === 'setup_intents' && objId && action === 'confirm') {
      const si = this.objects.get(objId);
      return si ? this.confirmSetup(si, params) : missing('setupintent');
    }
    if (kind === 'payment_intents' && !objId) return this.createPaymentIntent(params);
    return this.error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${p}).` });
  }

  private store(o: Obj): Obj {
    this.objects.set(o.id as string, o);
    return o;
  }

  private createCustomer(params: Obj): Obj {
    return this.store({
      ...clone(FIXTURES.customer),
      id: id('cus'),
      created: now(),
      currency: null,
      discount: null,
      metadata: params.metadata ?? {},
    });
  }

  private createSetupIntent(params: Obj): Obj {
    const sid = id('seti');
    return this.store({
      ...clone(FIXTURES.setup_intent),
      id: sid,
      client_secret: `${sid}_secret_${randomBytes(16).toString('hex')}`,
      created: now(),
      customer: params.customer ?? null,
      metadata: params.metadata ?? {},
      usage: params.usage ?? 'off_session',
      last_setup_error: null,
      next_action: null,
      payment_method: null,
      status: 'requires_payment_method',
    });
  }

  /** What Stripe.js does with the card the browser entered: a PaymentMethod attached to the set-up's customer. */
  private confirmSetup(si: Obj, params: Obj): { status: number; body: Obj } {
    const test = TEST_CARDS[String(params.payment_method)];
    if (!test)
      return this.error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: 'No such PaymentMethod',
      });
    const pm = this.store({
      ...clone(FIXTURES.payment_method),
      id: id('pm'),
      created: now(),
      customer: si.customer,
      metadata: {},
      card: { ...(clone(FIXTURES.payment_method).card as Obj), brand: 'visa', display_brand: 'visa', last4: test.last4, wallet: null },
    });
    this.cards.set(pm.id as string, test.behaviour);
    si.payment_method = pm.id;
    if (test.behaviour === 'auth') {
      si.status = 'requires_action';
      si.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted', source: id('src') },
      };
    } else si.status = 'succeeded';
    return { status: 200, body: si };
  }

  private createPaymentIntent(params: Obj): { status: number; body: Obj } {
    const piId = id('pi');
    const behaviour = this.cards.get(String(params.payment_method));
    const pi = this.store({
      ...clone(FIXTURES.payment_intent),
      id: piId,
      amount: Number(params.amount),
      amount_received: 0,
      automatic_payment_methods: null,
      canceled_at: null,
      client_secret: `${piId}_secret_${randomBytes(16).toString('hex')}`,
      created: now(),
      currency: params.currency,
      customer: params.customer ?? null,
      last_payment_error: null,
      latest_charge: null,
      metadata: params.metadata ?? {},
      next_action: null,
      payment_method: params.payment_method ?? null,
      processing: null,
      transfer_data: null,
      status: 'requires_payment_method',
    });
    if (params.confirm !== 'true') return { status: 200, body: pi };
    if (!behaviour)
      return this.error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: 'No such PaymentMethod',
      });
    const decline = (code: string, declineCode: string) => {
      pi.last_payment_error = this.lastError(code, declineCode);
      this.emit('payment_intent.payment_failed', pi);
      return this.error(402, { ...this.lastError(code, declineCode), charge: id('ch'), payment_intent: pi, request_log_url: null });
    };
    if (behaviour === 'declined') return decline('card_declined', 'generic_decline');
    if (behaviour === 'auth') {
      if (params.off_session === 'true') return decline('authentication_required', 'authentication_required');
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted', source: id('src') },
      };
      this.emit('payment_intent.requires_action', pi);
      return { status: 200, body: pi };
    }
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.latest_charge = id('ch');
    this.emit('payment_intent.succeeded', pi);
    return { status: 200, body: pi };
  }
}
