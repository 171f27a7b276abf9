import { idParams, invoiceIssuerBody, invoiceIssuerView, myPlan, pdfFile } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import type { App } from '../module.js';
import { myPlan as myPlanOf } from '../plans/service.js';
import { invoiceIssuerOf, invoicePdf, saveInvoiceIssuer } from './invoice-export.js';

// Invoices (issue 10.6): GET /bill/{id}/export-pdf for the payer and the seller; the seller's issuer details;
// the caller's plan now and next month (the /plan screen, issue 10.7).
// Registered by billing's routes (after requireOperator).

const tags = ['billing'];
const security = [{ bearer: [] }];

export async function invoiceRoutes(app: App, ctx: AppContext): Promise<void> {
  app.get('/bill/:id/export-pdf', { schema: { tags, security, params: idParams, response: { 200: pdfFile } } }, async (req, reply) => {
    const pdf = await invoicePdf(ctx, actorOf(req), req.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf.bytes);
  });
  app.get('/plan/mine', { schema: { tags, security, response: { 200: myPlan } } }, async (req) => myPlanOf(ctx, actorOf(req)));
  app.get('/invoice-issuer', { schema: { tags, security, response: { 200: invoiceIssuerView } } }, async (req) =>
    invoiceIssuerOf(ctx, actorOf(req)),
  );
  app.put('/invoice-issuer', { schema: { tags, security, body: invoiceIssuerBody, response: { 200: invoiceIssuerView } } }, async (req) =>
    saveInvoiceIssuer(ctx, actorOf(req), req.body.registrationNumber),
  );
}
