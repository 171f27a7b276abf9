import {
  billDetail,
  billList,
  billListQuery,
  cardResponse,
  idParams,
  messageResponse,
  payBillBody,
  payBillResponse,
  planUsage,
  registerCardBody,
  testCardBody,
  testCardToken,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { billsCsv } from './bills-csv.js';
import { currentCard } from './card.js';
import { invoiceRoutes } from './invoice.routes.js';
import { paymentRoutes } from './payments.routes.js';
import { forceComplete, getBill, listBills, payBill, registerCard, TestProvider, planUsage as usageOf, voidBill } from './service.js';

// Bills and payments. Payers read their bills and pay them; sellers read the bills they issued
// and force-complete them. Every call is checked in the service (menu, caller's own or issued bills: else 404).

const tags = ['billing'];
const security = [{ bearer: [] }];

export async function billingRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  await invoiceRoutes(app, ctx);
  await paymentRoutes(app, ctx);
  app.get('/bill', { schema: { tags, security, querystring: billListQuery, response: { 200: billList } } }, async (req) =>
    listBills(ctx, actorOf(req), 'own', req.query),
  );
  app.get('/bill/issued', { schema: { tags, security, querystring: billListQuery, response: { 200: billList } } }, async (req) =>
    listBills(ctx, actorOf(req), 'issued', req.query),
  );
  app.get(
    '/bill/issued/export-csv',
    { schema: { tags, security, querystring: billListQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const { csv, fileName } = await billsCsv(ctx, actorOf(req), req.query, requestLang(req));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get('/bill/card', { schema: { tags, security, response: { 200: cardResponse } } }, async (req) => currentCard(ctx, actorOf(req)));
  app.post('/bill/card', { schema: { tags, security, body: registerCardBody, response: { 200: cardResponse } } }, async (req) => {
    await registerCard(ctx, actorOf(req), req.body.token);
    return currentCard(ctx, actorOf(req));
  });
  // The built-in test provider's own endpoint (PAYMENT_PROVIDER=test): the card number is turned into a token
  // here and goes nowhere else (no table, no log line). A real provider's script replaces this call.
  app.post(
    '/bill/test-provider/tokens',
    { schema: { tags, security, body: testCardBody, response: { 200: testCardToken } }, logLevel: 'warn' },
    async (req) => {
      if (ctx.config.billing.paymentProvider !== 'test') throw notFound();
      return TestProvider.tokenize(req.body.number);
    },
  );
  app.get('/bill/:id', { schema: { tags, security, params: idParams, response: { 200: billDetail } } }, async (req) =>
    getBill(ctx, actorOf(req), req.params.id),
  );
  app.post(
    '/bill/:id/pay',
    { schema: { tags, security, params: idParams, body: payBillBody, response: { 200: payBillResponse } } },
    async (req) => {
      const header = req.headers['idempotency-key'];
      const r = await payBill(
        ctx,
        actorOf(req),
        req.params.id,
        typeof header === 'string' && header.length <= 100 ? header : req.body.idempotencyKey,
      );
      // PROCESSING: the card asks for 3-D Secure, which the browser completes with the client secret
      const key = r.status === 'PAID' ? 'server.payment_paid' : 'server.payment_authenticating';
      return { message: translate(requestLang(req), key), ...r };
    },
  );
  app.post(
    '/payments/:id/force-complete',
    { schema: { tags, security, params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      await forceComplete(ctx, actorOf(req), req.params.id);
      return { message: translate(requestLang(req), 'server.payment_force_completed') };
    },
  );
  app.post('/payments/:id/void', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await voidBill(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.payment_voided') };
  });
  app.get('/plan/usage', { schema: { tags, security, response: { 200: planUsage } } }, async (req) => usageOf(ctx, actorOf(req)));
}
