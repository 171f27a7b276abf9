import type { BillDocuments, ReissueBody, ReissueResult } from '@swipe/core';
import { type BillLine, type BillLineKind, TAX_RATE_PERCENT, totalsOf } from '@swipe/core';
import { normalizeLang } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { type Actor, assertCanEdit } from '../accounts/actor.js';
import { findAccountById } from '../accounts/service.js';
import { recordAudit } from '../audit/service.js';
import type { InvoiceContent, InvoiceLine, InvoiceRef } from './invoice.js';
import { invoiceContent, invoiceOfBill, issuerOf, lockedInvoice, numberPrefix, paymentAtIssue } from './invoice-issue.js';
import { dueDayOf, type InvoiceRow, insertNumberedInvoice, invoicesOfBill, replaceBillAmounts, voidInvoice } from './repo/invoices.js';
import { receivedFor } from './repo/receipts.js';
import { findCard, findPayment, setPaymentStatus } from './repo.js';
import { visiblePayment } from './service.js';

// Corrections (docs/decisions.md "Invoices are documents"): an issued invoice is never edited. The seller voids it and
// issues a new invoice with the issuer's next number, naming the one it replaces; where the bill was settled and its
// total goes down, the money returned is stated in a qualified return invoice (適格返還請求書) with its own number.

const SETTLED = new Set(['PAID', 'COMPLETED']);

const refOf = (row: InvoiceRow): InvoiceRef => ({ number: row.number, issueDate: row.content.issueDate });

/** The corrected lines: each kind's tax rate stays what it was on the invoice replaced (the standard rate for a new kind). */
function correctedLines(body: ReissueBody, old: InvoiceContent): BillLine[] {
  const rateOf = (kind: BillLineKind) => old.lines.find((l) => l.kind === kind)?.taxRate ?? TAX_RATE_PERCENT;
  return body.lines.map((l) => ({
    kind: l.kind,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.quantity * l.unitPrice,
    taxRate: rateOf(l.kind),
  }));
}

/**
 * What goes back when a settled bill's total goes down: per kind the amount no longer charged, per rate the subtotal
 * and the tax no longer due (the two invoices' own taxes, each rounded down once), so the return is exactly what was
 * paid less the corrected total. Null when nothing goes back.
 */
export function returnOf(
  old: InvoiceContent,
  corrected: ReturnType<typeof totalsOf>,
  lines: BillLine[],
): Pick<InvoiceContent, 'lines' | 'taxes' | 'subtotal' | 'tax' | 'total'> | null {
  if (corrected.total >= old.total) return null;
  const amountOf = (ls: readonly { kind: string; taxRate: number; amount: number }[], kind: string, rate: number) =>
    ls.filter((l) => l.kind === kind && l.taxRate === rate).reduce((s, l) => s + l.amount, 0);
  const keys = new Map<string, { kind: BillLineKind; rate: number }>();
  for (const l of [...old.lines, ...lines]) keys.set(`${l.kind}:${l.taxRate}`, { kind: l.kind, rate: l.taxRate });
  const returned: InvoiceLine[] = [...keys.values()]
    .map(({ kind, rate }) => ({
      kind,
      quantity: null,
      unitPrice: null,
      amount: amountOf(old.lines, kind, rate) - amountOf(lines, kind, rate),
      taxRate: rate,
    }))
    .filter((l) => l.amount !== 0);
  const rates = new Set([...old.taxes.map((t) => t.rate), ...corrected.taxes.map((t) => t.rate)]);
  const taxes = [...rates]
    .sort((a, b) => b - a)
    .map((rate) => {
      const was = old.taxes.find((t) => t.rate === rate) ?? { subtotal: 0, tax: 0 };
      const now = corrected.taxes.find((t) => t.rate === rate) ?? { subtotal: 0, tax: 0 };
      return { rate, subtotal: was.subtotal - now.subtotal, tax: was.tax - now.tax };
    })
    .filter((t) => t.subtotal !== 0 || t.tax !== 0);
  const subtotal = taxes.reduce((s, t) => s + t.subtotal, 0);
  const tax = taxes.reduce((s, t) => s + t.tax, 0);
  return { lines: returned, taxes, subtotal, tax, total: subtotal + tax };
}

/** POST /bill/{id}/reissue: void the invoice in force and issue its replacement (and a return invoice if money goes back). */
export async function reissueBill(ctx: AppContext, actor: Actor, id: number, body: ReissueBody): Promise<Omit<ReissueResult, 'message'>> {
  const { role } = await visiblePayment(ctx, actor, id);
  if (role !== 'seller') throw notFound();
  assertCanEdit(actor);
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const bill = await findPayment(q, id, true);
    if (!bill) throw notFound();
    if (bill.status === 'PROCESSING') throw conflict('server.payment_in_progress', 'PAYMENT_IN_PROGRESS');
    if (bill.status === 'VOID') throw conflict('server.invoice_reissue_void', 'BILL_VOID');
    const old = await lockedInvoice(ctx, q, bill);
    const lines = correctedLines(body, old.content);
    const totals = totalsOf(lines);
    const settled = SETTLED.has(bill.status);
    // a settled bill is corrected downwards only (the difference goes back); more is billed separately
    if (settled && totals.taxes.some((t) => t.subtotal > (old.content.taxes.find((o) => o.rate === t.rate)?.subtotal ?? 0)))
      throw new AppError(422, 'REISSUE_INCREASE', 'server.invoice_reissue_increase');
    // an open bill part paid by transfer cannot go below what was received: record it settled first
    const received = settled ? 0 : await receivedFor(q, id);
    if (received > totals.total) throw new AppError(422, 'REISSUE_BELOW_RECEIVED', 'server.invoice_reissue_below_received');

    const issuer = await issuerOf(ctx, q, Number(bill.seller_account_id));
    const recipient = await findAccountById(q, Number(bill.account_id));
    const card = await findCard(q, Number(bill.account_id));
    const dueDate = await dueDayOf(q, id);
    const who = {
      issuer: issuer.issuer,
      recipientCompany: recipient?.company_name ?? old.content.recipient.companyName,
      lang: normalizeLang(recipient?.language) ?? old.content.lang,
      payment: paymentAtIssue(ctx, bill.method, card),
    };
    const content = invoiceContent({ month: bill.year_month, planName: bill.plan_name, lines, ...totals, dueDate }, who, now, refOf(old));
    await voidInvoice(q, Number(old.id), actor.id, body.reason, now);
    const created = await insertNumberedInvoice(q, {
      paymentId: id,
      kind: 'invoice',
      issuerKey: issuer.key,
      prefix: numberPrefix('invoice', issuer.key),
      issuedAt: now,
      content,
      replacesId: Number(old.id),
    });
    await replaceBillAmounts(q, id, { lines, ...totals });
    // transfers that covered part of the old total cover all of the new one: paid, as a transfer that covers it makes it
    if (received > 0 && received === totals.total) await setPaymentStatus(q, id, 'PAID');
    const back = settled ? returnOf(old.content, totals, lines) : null;
    const ret = back
      ? await insertNumberedInvoice(q, {
          paymentId: id,
          kind: 'return',
          issuerKey: issuer.key,
          prefix: numberPrefix('return', issuer.key),
          issuedAt: now,
          content: { ...content, ...back, dueDate: null, payment: { kind: 'none' }, replaces: null, returnOf: refOf(old) },
          replacesId: null,
        })
      : null;
    await recordAudit(q, [
      {
        accountId: actor.id,
        siteId: null,
        action: 'invoice.reissue',
        detail: { paymentId: id, voided: old.number, issued: created.number, returned: ret?.number ?? null, reason: body.reason },
      },
    ]);
    return {
      voidedNumber: old.number,
      invoice: { id: Number(created.id), number: created.number },
      returnInvoice: ret ? { id: Number(ret.id), number: ret.number, total: ret.content.total } : null,
    };
  });
}

/** GET /bill/{id}/documents: every document issued for the bill, oldest first (payer and seller). */
export async function billDocuments(ctx: AppContext, actor: Actor, id: number): Promise<BillDocuments> {
  const { row } = await visiblePayment(ctx, actor, id);
  await invoiceOfBill(ctx, row);
  const docs = await invoicesOfBill(ctx.db, id);
  const numberOfId = new Map(docs.map((d) => [Number(d.id), d.number]));
  return {
    items: docs.map((d) => ({
      id: Number(d.id),
      kind: d.kind,
      number: d.number,
      issueDate: d.content.issueDate,
      total: d.content.total,
      voidedAt: d.voided_at ? new Date(d.voided_at).toISOString() : null,
      voidReason: d.void_reason,
      refersTo:
        d.kind === 'return' ? (d.content.returnOf?.number ?? null) : d.replaces_id ? (numberOfId.get(Number(d.replaces_id)) ?? null) : null,
    })),
  };
}
