import { billPayments, cardSetupResponse, idParams, recordTransferBody } from '@swipe/core';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import type { App } from '../module.js';
import { startCardSetup } from './card.js';
import { receiveProviderWebhook } from './charges.js';
import { billPayments as paymentsOf, recordTransfer } from './transfers.js';

// What was paid against a bill, bank transfers, and the card set-up of Stripe.js. Registered by billingRoutes, under
// its requireOperator hook; every call is checked in the service (menu, the bill's payer or seller: else 404).

const tags = ['billing'];
const security = [{ bearer: [] }];

export async function paymentRoutes(app: App, ctx: AppContext): Promise<void> {
  app.get('/bill/:id/payments', { schema: { tags, security, params: idParams, response: { 200: billPayments } } }, async (req) =>
    paymentsOf(ctx, actorOf(req), req.params.id),
  );
  app.post(
    '/payments/:id/transfers',
    { schema: { tags, security, params: idParams, body: recordTransferBody, response: { 200: billPayments } } },
    async (req) => recordTransfer(ctx, actorOf(req), req.params.id, req.body),
  );
  app.post('/bill/card/setup', { schema: { tags, security, response: { 200: cardSetupResponse } } }, async (req) => {
    const header = req.headers['idempotency-key'];
    return startCardSetup(ctx, actorOf(req), typeof header === 'string' && header.length >= 8 && header.length <= 100 ? header : undefined);
  });
}

/**
 * The card provider's webhook (POST /api/v1/billing/webhooks/stripe), outside the operator's sign-in: the
 * provider signs the exact bytes it sends, so the body is kept as bytes for the signature check (400 when it does
 * not verify), then read by the provider's SDK.
 */
export async function paymentWebhookRoutes(app: App, ctx: AppContext): Promise<void> {
  await app.register(async (sub: App) => {
    sub.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    sub.post(
      '/billing/webhooks/stripe',
      { schema: { tags, response: { 200: z.object({ received: z.boolean() }) } }, logLevel: 'warn' },
      async (req) => {
        const sig = req.headers['stripe-signature'];
        await receiveProviderWebhook(ctx, req.body, typeof sig === 'string' ? sig : undefined);
        return { received: true };
      },
    );
  });
}
