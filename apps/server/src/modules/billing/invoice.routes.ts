import {
  billDocumentParams,
  billDocuments,
  idParams,
  invoiceIssuerBody,
  invoiceIssuerView,
  myPlan,
  pdfFile,
  reissueBody,
  reissueResult,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { myPlan as myPlanOf } from '../plans/service.js';
import { yen } from './invoice.js';
import { billDocuments as documentsOf, reissueBill } from './invoice-correct.js';
import { documentPdf, invoiceIssuerOf, invoicePdf, saveInvoiceIssuer } from './invoice-export.js';

// Invoices: GET /bill/{id}/export-pdf (the invoice in force) and a bill's documents (every invoice and return
// invoice, each as its PDF) for the payer and the seller; void and re-issue for the seller; the seller's issuer
// details; the caller's plan now and next month (the /plan screen).
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
  app.get('/bill/:id/documents', { schema: { tags, security, params: idParams, response: { 200: billDocuments } } }, async (req) =>
    documentsOf(ctx, actorOf(req), req.params.id),
  );
  app.get(
    '/bill/:id/documents/:documentId/export-pdf',
    { schema: { tags, security, params: billDocumentParams, response: { 200: pdfFile } } },
    async (req, reply) => {
      const pdf = await documentPdf(ctx, actorOf(req), req.params.id, req.params.documentId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf.bytes);
    },
  );
  app.post(
    '/bill/:id/reissue',
    { schema: { tags, security, params: idParams, body: reissueBody, response: { 200: reissueResult } } },
    async (req) => {
      const r = await reissueBill(ctx, actorOf(req), req.params.id, req.body);
      const lang = requestLang(req);
      const message = r.returnInvoice
        ? translate(lang, 'server.invoice_reissued_return', {
            number: r.invoice.number,
            old: r.voidedNumber,
            ret: r.returnInvoice.number,
            amount: yen(r.returnInvoice.total),
          })
        : translate(lang, 'server.invoice_reissued', { number: r.invoice.number, old: r.voidedNumber });
      return { ...r, message };
    },
  );
  app.get('/plan/mine', { schema: { tags, security, response: { 200: myPlan } } }, async (req) => myPlanOf(ctx, actorOf(req)));
  app.get('/invoice-issuer', { schema: { tags, security, response: { 200: invoiceIssuerView } } }, async (req) =>
    invoiceIssuerOf(ctx, actorOf(req)),
  );
  app.put('/invoice-issuer', { schema: { tags, security, body: invoiceIssuerBody, response: { 200: invoiceIssuerView } } }, async (req) =>
    saveInvoiceIssuer(ctx, actorOf(req), req.body.registrationNumber),
  );
}
