import type { BillDetail, InvoiceIssuerView } from '@swipe/core';
import { normalizeLang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import type { Actor } from '../accounts/actor.js';
import { ownInvoiceIssuer, setInvoiceRegistrationNumber } from '../accounts/service.js';
import type { InvoiceInput, InvoiceLine } from './invoice.js';
import { type RenderedInvoice, renderInvoicePdf } from './invoice-pdf.js';
import { getBill } from './service.js';

// The invoice calls (issue 10.6): a bill as a PDF for its payer or its seller (getBill scopes: anyone else 404),
// and the seller's own issuer details. The PDF is in the recipient's language, whoever downloads it, so the
// same bill always gives the same bytes.

export function invoiceInputOf(bill: BillDetail): InvoiceInput {
  const lang = normalizeLang(bill.language) ?? 'ja';
  const describe = (kind: BillDetail['lines'][number]['kind']): string =>
    kind === 'plan'
      ? translate(lang, 'server.invoice_line_plan', { plan: bill.planName })
      : translate(
          lang,
          kind === 'pv' ? 'server.invoice_line_pv' : kind === 'license' ? 'server.invoice_line_license' : 'server.invoice_line_initial',
        );
  const lines: InvoiceLine[] = bill.lines.map((l) => ({
    description: describe(l.kind),
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
    taxRate: l.taxRate,
  }));
  return {
    billId: bill.id,
    month: bill.yearMonth,
    issuedAt: new Date(bill.issuedAt),
    dueDate: bill.dueDate || null,
    issuer: { name: bill.issuer.name, registrationNumber: bill.issuer.registrationNumber, address: bill.issuer.address || null },
    recipientCompany: bill.recipient.companyName,
    lines,
    payment:
      bill.method === 'CARD' && bill.cardLast4
        ? { kind: 'card', brand: bill.cardBrand ?? '', last4: bill.cardLast4 }
        : bill.method === 'BANK_TRANSFER' && bill.bankTransferDestination
          ? { kind: 'bank_transfer', destination: bill.bankTransferDestination }
          : { kind: 'none' },
    lang,
  };
}

export async function invoicePdf(ctx: AppContext, actor: Actor, billId: number): Promise<RenderedInvoice> {
  const bill = await getBill(ctx, actor, billId);
  return renderInvoicePdf(invoiceInputOf(bill));
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
