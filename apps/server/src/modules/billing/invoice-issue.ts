import { type BillLine, japanDay, type TaxByRate } from '@swipe/core';
import { type Lang, normalizeLang } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { findAccountById, getAccountBrief, invoiceRegistrationNumberOf } from '../accounts/service.js';
import type { InvoiceContent, InvoiceIssuer, InvoiceKind, InvoicePayment } from './invoice.js';
import {
  billsWithoutInvoice,
  cardsOnFile,
  currentInvoice,
  dueDayOf,
  type InvoiceRow,
  insertPreviousInvoice,
  SEQ_DIGITS,
  voidInvoice,
} from './repo/invoices.js';
import { billLines, findPayment, type PaymentRow } from './repo.js';

// Issuing an invoice: who issues it (the platform from configuration, or an OEM master that bills its customers
// under its own name and registration number), its number from that issuer's own gapless sequence, and the content
// it prints, taken once at issue (docs/decisions.md "Invoices are documents").

export interface IssuerOf {
  /** whose sequence numbers the documents: 'platform' or 'account:<id>' */
  key: string;
  issuer: InvoiceIssuer;
}

/** The issuer of a seller's bills: the platform (the seller is a master) or the OEM master itself. */
export async function issuerOf(ctx: AppContext, q: Queryable, sellerAccountId: number): Promise<IssuerOf> {
  const seller = await getAccountBrief(q, sellerAccountId);
  const cfg = ctx.config.billing;
  if (!seller || seller.type === 'MASTER')
    return {
      key: 'platform',
      issuer: { name: cfg.issuerName, registrationNumber: cfg.issuerRegistrationNumber, address: cfg.issuerAddress || null },
    };
  return {
    key: `account:${seller.id}`,
    issuer: { name: seller.companyName, registrationNumber: await invoiceRegistrationNumberOf(q, seller.id), address: null },
  };
}

/** The start of an issuer's numbers: INV-0000001 (platform), INV-S12-0000001 (OEM master 12); RET- for returns. */
export function numberPrefix(kind: InvoiceKind, issuerKey: string): string {
  const series = kind === 'invoice' ? 'INV' : 'RET';
  return issuerKey === 'platform' ? `${series}-` : `${series}-S${issuerKey.slice('account:'.length)}-`;
}

/** The number a sequence value gives (invoices.repo.ts numberSql writes the same in SQL). */
export function numberOf(prefix: string, seq: number): string {
  return `${prefix}${String(seq).padStart(SEQ_DIGITS, '0')}`;
}

/** The number bills carried before documents were stored (bill id and month), kept on what was printed so. */
export function previousNumber(billId: number, month: string): string {
  return `INV-${month.replace('-', '')}-${String(billId).padStart(6, '0')}`;
}

export interface BillForContent {
  month: string;
  planName: string;
  lines: BillLine[];
  taxes: TaxByRate[];
  subtotal: number;
  tax: number;
  total: number;
  dueDate: string | null;
}

/** The content of an invoice for a bill, as of `issuedAt`. */
export function invoiceContent(
  b: BillForContent,
  who: { issuer: InvoiceIssuer; recipientCompany: string; lang: Lang; payment: InvoicePayment },
  issuedAt: Date,
  replaces: InvoiceContent['replaces'] = null,
): InvoiceContent {
  return {
    v: 1,
    lang: who.lang,
    issueDate: japanDay(issuedAt),
    month: b.month,
    issuer: who.issuer,
    recipient: { companyName: who.recipientCompany },
    planName: b.planName,
    lines: b.lines.map((l) => ({ kind: l.kind, quantity: l.quantity, unitPrice: l.unitPrice, amount: l.amount, taxRate: l.taxRate })),
    taxes: b.taxes.map((t) => ({ rate: t.rate, subtotal: t.subtotal, tax: t.tax })),
    subtotal: b.subtotal,
    tax: b.tax,
    total: b.total,
    dueDate: b.dueDate,
    payment: who.payment,
    replaces,
    returnOf: null,
  };
}

/** The payment instructions of a bill issued now: the card on file, or the bank transfer destination. */
export function paymentAtIssue(
  ctx: AppContext,
  method: 'CARD' | 'BANK_TRANSFER',
  card: { brand: string; last4: string } | undefined,
): InvoicePayment {
  if (method === 'CARD' && card) return { kind: 'card', brand: card.brand, last4: card.last4 };
  return { kind: 'bank_transfer', destination: ctx.config.billing.bankTransferDestination };
}

/**
 * What a bill run needs to issue many invoices: each seller's issuer looked up once, the cards on file read once.
 */
export async function invoiceIssue(ctx: AppContext) {
  const issuers = new Map<number, Promise<IssuerOf>>();
  const cards = await cardsOnFile(ctx.db);
  const issuer = (sellerAccountId: number): Promise<IssuerOf> => {
    let i = issuers.get(sellerAccountId);
    if (!i) {
      i = issuerOf(ctx, ctx.db, sellerAccountId);
      issuers.set(sellerAccountId, i);
    }
    return i;
  };
  return {
    /** The invoice of a bill issued now: the issuer's sequence and number prefix, and the content it prints. */
    async forBill(
      a: { id: number; sellerAccountId: number; companyName: string; language: string; plan: { name: string } },
      b: Omit<BillForContent, 'planName'>,
      method: 'CARD' | 'BANK_TRANSFER',
      issuedAt: Date,
    ): Promise<{ issuerKey: string; prefix: string; content: InvoiceContent }> {
      const { key, issuer: by } = await issuer(a.sellerAccountId);
      const payment = paymentAtIssue(ctx, method, cards.get(a.id));
      const who = { issuer: by, recipientCompany: a.companyName, lang: normalizeLang(a.language) ?? 'ja', payment };
      return {
        issuerKey: key,
        prefix: numberPrefix('invoice', key),
        content: invoiceContent({ ...b, planName: a.plan.name }, who, issuedAt),
      };
    },
  };
}

/**
 * Stores the invoice of a bill issued before documents were stored: what it printed then (its number, issue day,
 * lines, amounts, the method on the bill), with the issuer and recipient as they are when this runs (the earlier
 * code read them at each print). Stored once; the caller's query may be a transaction.
 */
export async function storePreviousInvoice(ctx: AppContext, q: Queryable, row: PaymentRow): Promise<void> {
  // one after another: `q` may be a transaction's one connection
  const recipient = await findAccountById(q, Number(row.account_id));
  const issuer = await issuerOf(ctx, q, Number(row.seller_account_id));
  const lines = await billLines(q, Number(row.id));
  const dueDate = await dueDayOf(q, Number(row.id));
  const issuedAt = new Date(row.issued_at);
  const payment: InvoicePayment =
    row.method === 'CARD' && row.card_last4
      ? { kind: 'card', brand: row.card_brand ?? '', last4: row.card_last4 }
      : { kind: 'bank_transfer', destination: ctx.config.billing.bankTransferDestination };
  const content = invoiceContent(
    {
      month: row.year_month,
      planName: row.plan_name,
      lines,
      taxes: row.taxes,
      subtotal: row.subtotal,
      tax: row.tax,
      total: row.total,
      dueDate,
    },
    { issuer: issuer.issuer, recipientCompany: recipient?.company_name ?? '', lang: normalizeLang(recipient?.language) ?? 'ja', payment },
    issuedAt,
  );
  await insertPreviousInvoice(q, {
    paymentId: Number(row.id),
    issuerKey: issuer.key,
    number: previousNumber(Number(row.id), row.year_month),
    issuedAt,
    content,
  });
}

/** The bill's invoice in force, storing it first when the bill was issued before documents were stored. */
export async function invoiceOfBill(ctx: AppContext, row: PaymentRow): Promise<InvoiceRow> {
  const found = await currentInvoice(ctx.db, Number(row.id));
  if (found) return found;
  await storePreviousInvoice(ctx, ctx.db, row);
  const stored = await currentInvoice(ctx.db, Number(row.id));
  if (!stored) throw new Error(`bill ${row.id}: no invoice stored`);
  return stored;
}

/** The bill's invoice in force, locked for the caller's transaction (stored first for a bill issued before). */
export async function lockedInvoice(ctx: AppContext, q: Queryable, bill: PaymentRow): Promise<InvoiceRow> {
  const found = await currentInvoice(q, Number(bill.id), true);
  if (found) return found;
  await storePreviousInvoice(ctx, q, bill);
  const stored = await currentInvoice(q, Number(bill.id), true);
  if (!stored) throw new Error(`bill ${bill.id}: no invoice stored`);
  return stored;
}

/** A voided bill's invoice in force is void too (in the caller's transaction); its content stays as issued. */
export async function voidInvoiceOfBill(ctx: AppContext, q: Queryable, bill: PaymentRow, by: number): Promise<void> {
  const invoice = await lockedInvoice(ctx, q, bill);
  await voidInvoice(q, Number(invoice.id), by, null, ctx.clock.now());
}

const BATCH = 200;

/** The one-off job (queued by migration 0024): every bill issued before documents were stored gets its invoice. */
export async function storePreviousInvoices(ctx: AppContext): Promise<{ stored: number }> {
  let after = 0;
  let stored = 0;
  for (;;) {
    const ids = await billsWithoutInvoice(ctx.db, after, BATCH);
    if (ids.length === 0) break;
    for (const id of ids) {
      const row = await findPayment(ctx.db, id);
      if (row) await storePreviousInvoice(ctx, ctx.db, row);
      stored++;
    }
    after = ids[ids.length - 1] as number;
  }
  ctx.log.info({ stored }, 'stored the invoices of earlier bills');
  return { stored };
}
