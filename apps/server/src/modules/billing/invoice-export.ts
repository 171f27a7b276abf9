import type { InvoiceIssuerView } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../accounts/actor.js';
import { ownInvoiceIssuer, setInvoiceRegistrationNumber } from '../accounts/service.js';
import type { InvoiceDocument } from './invoice.js';
import { invoiceOfBill } from './invoice-issue.js';
import { type RenderedInvoice, renderInvoicePdf } from './invoice-pdf.js';
import { type InvoiceRow, invoicesOfBill } from './repo/invoices.js';
import { visiblePayment } from './service.js';

// The invoice calls: a bill's documents as PDFs for its payer or its seller (visiblePayment scopes: anyone else 404),
// and the seller's own issuer details. A PDF is drawn from the document's stored content alone (in the language
// stored with it), so the same document always gives the same bytes, whoever downloads it and whatever happened to
// the bill since.

export function documentOf(row: InvoiceRow): InvoiceDocument {
  return { kind: row.kind, number: row.number, issuedAt: new Date(row.issued_at), content: row.content };
}

/** GET /bill/{id}/export-pdf: the bill's invoice in force (the last one, void too when the bill is void). */
export async function invoicePdf(ctx: AppContext, actor: Actor, billId: number): Promise<RenderedInvoice> {
  const { row } = await visiblePayment(ctx, actor, billId);
  return renderInvoicePdf(documentOf(await invoiceOfBill(ctx, row)));
}

/** GET /bill/{id}/documents/{documentId}/export-pdf: any document of the bill (a replaced invoice, a return). */
export async function documentPdf(ctx: AppContext, actor: Actor, billId: number, documentId: number): Promise<RenderedInvoice> {
  const { row } = await visiblePayment(ctx, actor, billId);
  await invoiceOfBill(ctx, row);
  const doc = (await invoicesOfBill(ctx.db, billId)).find((d) => Number(d.id) === documentId);
  if (!doc) throw notFound();
  return renderInvoicePdf(documentOf(doc));
}

export async function invoiceIssuerOf(ctx: AppContext, actor: Actor): Promise<InvoiceIssuerView> {
  const own = await ownInvoiceIssuer(ctx, actor);
  const cfg = ctx.config.billing;
  const view =
    own.type === 'MASTER'
      ? { name: cfg.issuerName, registrationNumber: cfg.issuerRegistrationNumber, address: cfg.issuerAddress || null, editable: false }
      : { name: own.companyName, registrationNumber: own.registrationNumber, address: null, editable: true };
  return { ...view, qualified: view.registrationNumber !== null };
}

export async function saveInvoiceIssuer(ctx: AppContext, actor: Actor, registrationNumber: string | null): Promise<InvoiceIssuerView> {
  await setInvoiceRegistrationNumber(ctx, actor, registrationNumber);
  return invoiceIssuerOf(ctx, actor);
}
