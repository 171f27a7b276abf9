import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../lib/clock.js';
import { billOf, makeBillingPlan, makeCustomer } from '../../test/bills.js';
import { http, login, makeAccount, startTestServer, type TestServer, testConfig } from '../../test/helpers.js';
import { LocalStripe } from '../../test/stripe-server.js';
import type { AccountRow } from '../accounts/actor.js';
import { monthlyBillsJob } from './jobs.js';

// PAYMENT_PROVIDER=stripe end to end, the app's Stripe SDK pointed at a local server that answers as Stripe's API
// reference documents (test/stripe-server.ts): cards saved through SetupIntents, the monthly run charging them
// off-session (success, decline, a card asking for 3-D Secure), paying on-session with 3-D Secure completed in the
// browser and settled by the webhook, a webhook delivered twice, a forged one. Amounts by hand: Standard 29,800 +
// the initial fee 100,000 = 129,800, tax floor(12,980) -> 142,780 for each customer's first month.

const MONTH = '2026-10';
const TOTAL = 142_780;
let stripe: LocalStripe;
let sdk: Stripe;
let s: TestServer;
let master: AccountRow;
const cust: Record<'ok' | 'declined' | 'auth' | 'late', AccountRow> = {} as never;
const tok: Record<string, string> = {};
const base = () => s.adminUrl;

/** What Stripe.js does in the browser: the set-up confirmed with the card the customer entered. */
async function saveCard(who: keyof typeof cust, testCard: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const setup = await http<{ client_secret: string; publishable_key: string }>(base(), 'POST', '/api/v1/bill/card/setup', {
    token: tok[who],
    headers: { 'idempotency-key': `setup-form-${who}` },
  });
  expect(setup.status).toBe(200);
  expect(setup.body.publishable_key).toBe(stripe.publishableKey);
  const seti = setup.body.client_secret.split('_secret_')[0] as string;
  const confirmed = await sdk.setupIntents.confirm(seti, { payment_method: testCard });
  if (confirmed.status === 'requires_action') stripe.authenticate(seti, true);
  return http(base(), 'POST', '/api/v1/bill/card', { token: tok[who], body: { token: seti } });
}

const receipts = (id: number) =>
  s.ctx.db.query<{ kind: string; amount: number; card_last4: string; provider_ref: string }>(
    'SELECT kind, amount, card_last4, provider_ref FROM payment_receipts WHERE payment_id = $1 ORDER BY id',
    [id],
  );
const intentsFor = (paymentId: number) =>
  stripe.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/payment_intents' &&
      (r.params.metadata as { payment_id?: string })?.payment_id === String(paymentId),
  );

beforeAll(async () => {
  stripe = await new LocalStripe().start();
  sdk = new Stripe(stripe.secretKey, { host: '127.0.0.1', port: new URL(stripe.url).port, protocol: 'http' });
  const billing = {
    ...testConfig().billing,
    paymentProvider: 'stripe',
    stripe: { secretKey: stripe.secretKey, publishableKey: stripe.publishableKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url },
  };
  s = await startTestServer({ billing }, { clock: new Clock().set('2026-11-01T00:00:10+09:00') });
  stripe.webhookUrl = `${base()}/api/v1/billing/webhooks/stripe`;
  const ctx = s.ctx;
  master = await makeAccount(ctx, { parentId: null, type: 'MASTER', email: 'master@stripe.test' });
  const standard = await makeBillingPlan(ctx, 'Standard', 29_800);
  for (const k of ['ok', 'declined', 'auth', 'late'] as const) {
    cust[k] = await makeCustomer(ctx, {
      parentId: master.id,
      email: `${k}@stripe.test`,
      companyName: `${k} K.K.`,
      planId: standard,
      since: '2026-09-01T10:00:00+09:00',
    });
    tok[k] = (await login(base(), cust[k].email)).access;
  }
}, 120_000);

afterAll(async () => {
  await s?.drop();
  await stripe?.stop();
});

describe('cards saved through SetupIntents', () => {
  it('the back-office may load Stripe.js, its frames and its API (and nothing else of Stripe)', async () => {
    const csp = (await fetch(`${base()}/login`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://js.stripe.com 'nonce-");
    expect(csp).toMatch(/connect-src 'self' [^;]* https:\/\/api\.stripe\.com;/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com;/);
  });

  it('tells the browser to load Stripe.js with the publishable key, and saves the confirmed card (brand and last 4 only)', async () => {
    const card = await http(base(), 'GET', '/api/v1/bill/card', { token: tok.ok });
    expect(card.body).toEqual({ card: null, card_payments: true, provider: 'stripe', publishable_key: stripe.publishableKey });
    const r = await saveCard('ok', 'pm_card_visa');
    expect(r.status).toBe(200);
    expect(r.body.card).toEqual({ brand: 'Visa', last4: '4242' });
    const row = await s.ctx.db.one<{ provider: string; customer_id: string; card_ref: string }>(
      'SELECT provider, customer_id, card_ref FROM payment_cards WHERE account_id = $1',
      [cust.ok.id],
    );
    expect(row.provider).toBe('stripe');
    expect(stripe.get(row.customer_id)?.object).toBe('customer');
    expect(stripe.get(row.card_ref)?.object).toBe('payment_method');
    expect((await saveCard('declined', 'pm_card_chargeDeclined')).body.card).toEqual({ brand: 'Visa', last4: '0002' });
    expect((await saveCard('auth', 'pm_card_authenticationRequired')).body.card).toEqual({ brand: 'Visa', last4: '3184' });
  });

  it('refuses a set-up that did not succeed, or that was made for another account (422)', async () => {
    const setup = await http<{ client_secret: string }>(base(), 'POST', '/api/v1/bill/card/setup', { token: tok.late });
    const seti = setup.body.client_secret.split('_secret_')[0] as string;
    const open = await http(base(), 'POST', '/api/v1/bill/card', { token: tok.late, body: { token: seti } });
    expect(open.status).toBe(422);
    expect((open.body as { code: string }).code).toBe('VALIDATION_FAILED');
    await sdk.setupIntents.confirm(seti, { payment_method: 'pm_card_visa' });
    const stolen = await http(base(), 'POST', '/api/v1/bill/card', { token: tok.ok, body: { token: seti } });
    expect(stolen.status).toBe(422);
    expect(
      (await s.ctx.db.one<{ card_ref: string }>('SELECT card_ref FROM payment_cards WHERE account_id = $1', [cust.ok.id])).card_ref,
    ).not.toBe(stripe.get(seti)?.payment_method);
  });
});

describe('the monthly run charges saved cards off-session', () => {
  it('success pays the bill; a decline and a card asking for 3-D Secure leave it FAILED with the reason', async () => {
    await monthlyBillsJob(s.ctx, { period: '2026-11' });
    const ok = await billOf(s.ctx, cust.ok.id, MONTH);
    expect([ok.total, ok.status]).toEqual([TOTAL, 'PAID']);
    expect(await receipts(ok.id)).toEqual([
      { kind: 'CARD', amount: TOTAL, card_last4: '4242', provider_ref: expect.stringMatching(/^pi_/) },
    ]);
    const [create] = intentsFor(ok.id);
    expect(create?.idempotencyKey).toBe(`bill-${ok.id}-monthly`);
    expect(create?.params).toMatchObject({ amount: String(TOTAL), currency: 'jpy', confirm: 'true', off_session: 'true' });
    const declined = await billOf(s.ctx, cust.declined.id, MONTH);
    expect([declined.status, declined.failure_reason]).toEqual(['FAILED', 'card_declined']);
    const auth = await billOf(s.ctx, cust.auth.id, MONTH);
    expect([auth.status, auth.failure_reason]).toEqual(['FAILED', 'authentication_required']);
    // no card: a bank-transfer bill, never charged
    const late = await billOf(s.ctx, cust.late.id, MONTH);
    expect([late.status, intentsFor(late.id)]).toEqual(['UNPAID', []]);
  });

  it('the webhooks that follow change nothing, and a second run charges no one again', async () => {
    await stripe.settled();
    const types = stripe.deliveries.map((d) => [d.event.type, d.status]);
    expect(types).toEqual(
      expect.arrayContaining([
        ['payment_intent.succeeded', 200],
        ['payment_intent.payment_failed', 200],
      ]),
    );
    const ok = await billOf(s.ctx, cust.ok.id, MONTH);
    expect(ok.status).toBe('PAID');
    expect(await receipts(ok.id)).toHaveLength(1);
    expect((await billOf(s.ctx, cust.declined.id, MONTH)).status).toBe('FAILED');
    const before = stripe.requests.length;
    await monthlyBillsJob(s.ctx, { period: '2026-11' });
    expect(stripe.requests.slice(before).filter((r) => r.path === '/v1/payment_intents')).toEqual([]);
  });
});

describe('paying from the bill screen', () => {
  it('a decline is 422 with the translated reason; the bill stays FAILED', async () => {
    const { id } = await billOf(s.ctx, cust.declined.id, MONTH);
    const r = await http(base(), 'POST', `/api/v1/bill/${id}/pay`, { token: tok.declined, body: {}, lang: 'ja' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'CARD_DECLINED', message: 'カードが承認されませんでした。別のカードをお試しください。' });
    expect((await billOf(s.ctx, cust.declined.id, MONTH)).status).toBe('FAILED');
  });

  it('3-D Secure: PROCESSING with the client secret, resumed on a second visit, settled by the webhook once', async () => {
    const { id } = await billOf(s.ctx, cust.auth.id, MONTH);
    const r = await http<{ status: string; client_secret: string }>(base(), 'POST', `/api/v1/bill/${id}/pay`, {
      token: tok.auth,
      body: {},
      headers: { 'idempotency-key': 'pay-click-0001' },
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('PROCESSING');
    const pi = r.body.client_secret.split('_secret_')[0] as string;
    expect(stripe.get(pi)).toMatchObject({ status: 'requires_action', amount: TOTAL, next_action: { type: 'use_stripe_sdk' } });
    const [create] = intentsFor(id).slice(-1);
    expect(create?.idempotencyKey).toBe(`bill-${id}-pay-click-0001`);
    expect(create?.params).toMatchObject({ use_stripe_sdk: 'true' });
    expect((await billOf(s.ctx, cust.auth.id, MONTH)).status).toBe('PROCESSING');
    // the payer comes back before authenticating: the same intent, not a second charge
    const again = await http<{ status: string; client_secret: string }>(base(), 'POST', `/api/v1/bill/${id}/pay`, {
      token: tok.auth,
      body: {},
    });
    expect([again.body.status, again.body.client_secret]).toEqual(['PROCESSING', r.body.client_secret]);
    expect(intentsFor(id)).toHaveLength(2); // the monthly off-session attempt, this one
    // the cardholder passes the challenge in Stripe.js; Stripe tells the app by webhook
    stripe.authenticate(pi, true);
    await stripe.settled();
    const paid = await billOf(s.ctx, cust.auth.id, MONTH);
    expect(paid.status).toBe('PAID');
    expect(await receipts(id)).toEqual([{ kind: 'CARD', amount: TOTAL, card_last4: '3184', provider_ref: pi }]);
    // delivered again: nothing changes
    const event = stripe.deliveries.find(
      (d) => d.event.type === 'payment_intent.succeeded' && (d.event.data as { object: { id: string } }).object.id === pi,
    );
    expect(await stripe.redeliver(event?.event.id as string)).toBe(200);
    expect(await receipts(id)).toHaveLength(1);
    expect((await billOf(s.ctx, cust.auth.id, MONTH)).status).toBe('PAID');
    const handled = await s.ctx.db.query('SELECT 1 FROM payment_provider_events WHERE event_id = $1', [event?.event.id]);
    expect(handled).toHaveLength(1);
  });

  it('a failed 3-D Secure challenge moves the bill to FAILED by the webhook', async () => {
    expect((await saveCard('late', 'pm_card_authenticationRequired')).status).toBe(200);
    const { id } = await billOf(s.ctx, cust.late.id, MONTH);
    const r = await http<{ status: string; client_secret: string }>(base(), 'POST', `/api/v1/bill/${id}/pay`, {
      token: tok.late,
      body: {},
    });
    expect(r.body.status).toBe('PROCESSING');
    stripe.authenticate(r.body.client_secret.split('_secret_')[0] as string, false);
    await stripe.settled();
    const failed = await billOf(s.ctx, cust.late.id, MONTH);
    expect([failed.status, failed.failure_reason]).toEqual(['FAILED', 'card_declined']);
    expect(await receipts(id)).toEqual([]);
  });
});

describe('webhook signatures', () => {
  it('a forged or unsigned event is 400 and changes nothing', async () => {
    const { id } = await billOf(s.ctx, cust.declined.id, MONTH);
    const failedPi = (await s.ctx.db.one<{ provider_charge_id: string }>('SELECT provider_charge_id FROM payments WHERE id = $1', [id]))
      .provider_charge_id;
    const forged = {
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...stripe.get(failedPi), status: 'succeeded', amount_received: TOTAL } },
    };
    expect(await stripe.forge(forged)).toBe(400);
    const unsigned = await http(base(), 'POST', '/api/v1/billing/webhooks/stripe', { body: forged, lang: 'ja' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({ code: 'WEBHOOK_SIGNATURE', message: 'Webhook の署名を確認できません。' });
    expect((await billOf(s.ctx, cust.declined.id, MONTH)).status).toBe('FAILED');
    expect(await receipts(id)).toEqual([]);
  });

  it('every create reached Stripe with the app idempotency key', () => {
    const creates = stripe.requests.filter((r) => r.method === 'POST' && !r.path.endsWith('/confirm'));
    expect(creates.length).toBeGreaterThan(8);
    for (const r of creates) expect(r.idempotencyKey, r.path).toMatch(/^(customer|setup)-\d+-|^bill-\d+-/);
  });
});
