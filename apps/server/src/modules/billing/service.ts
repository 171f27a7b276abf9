import {
  type BillDetail,
  type BillListQuery,
  type BillSummary,
  canTransition,
  monthOfJst,
  type Paged,
  type PaymentStatus,
  type PlanUsage,
} from '@swipe/core';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../errors.js';
import { type Actor, assertCanEdit, assertMenu } from '../accounts/actor.js';
import { findAccountById, getAccountBriefs } from '../accounts/service.js';
import { recordAudit } from '../audit/service.js';
import { planLimitsOf } from '../plans/service.js';
import { siteUsage } from '../sites/service.js';
import { REGISTRATION_NUMBER_RE } from './invoice.js';
import { invoiceOfBill, previousNumber, voidInvoiceOfBill } from './invoice-issue.js';
import { currentInvoiceNumbers } from './repo/invoices.js';
import { findPayment, listPayments, type PaymentRow, setPaymentStatus } from './repo.js';
import { projectBill } from './run.js';

export { payBill, registerCard } from './card.js';
export { chargeCardBills } from './charges.js';
export { seedDemoBills } from './demo.js';
export { paymentProvider, TestProvider } from './provider.js';
export { billedRevenueByMonth, lastBilledMonth } from './repo/dashboard.js';
export { billMonth, pageViewsByAccount, projectBill } from './run.js';

// The billing module's service: bills for payers and sellers, force-complete, the plan usage.

/** Bills visible to an operator: its own (payer) or those it issued (seller); anything else does not exist. */
export function roleOn(actor: Actor, p: Pick<PaymentRow, 'account_id' | 'seller_account_id'>): 'payer' | 'seller' | null {
  if (Number(p.seller_account_id) === actor.ownerId && (actor.effectiveType === 'MASTER' || actor.effectiveType === 'OEM_MASTER'))
    return 'seller';
  if (Number(p.account_id) === actor.ownerId) return 'payer';
  return null;
}

export async function visiblePayment(ctx: AppContext, actor: Actor, id: number): Promise<{ row: PaymentRow; role: 'payer' | 'seller' }> {
  assertMenu(actor, 'billing');
  const row = await findPayment(ctx.db, id);
  const role = row ? roleOn(actor, row) : null;
  if (!row || !role) throw notFound();
  return { row, role };
}

function summary(r: PaymentRow, company: string, invoiceNumber: string): BillSummary {
  return {
    id: Number(r.id),
    invoiceNumber,
    accountId: Number(r.account_id),
    accountCompany: company,
    sellerAccountId: Number(r.seller_account_id),
    yearMonth: r.year_month,
    planName: r.plan_name,
    blocksUsed: r.blocks_used,
    planFee: r.plan_fee,
    pvFee: r.pv_fee,
    licenseFee: r.license_fee,
    initialFee: r.initial_fee,
    subtotal: r.subtotal,
    tax: r.tax,
    total: r.total,
    method: r.method,
    cardBrand: r.card_brand,
    cardLast4: r.card_last4,
    status: r.status,
    failureReason: r.failure_reason,
    issuedAt: new Date(r.issued_at).toISOString(),
    dueDate: r.due_date ? String(r.due_date).slice(0, 10) : '',
  };
}

/** Everything an invoice needs: lines, subtotal and tax per rate, total, issuer, recipient, dates, payment. */
export async function getBill(ctx: AppContext, actor: Actor, id: number): Promise<BillDetail> {
  const { row } = await visiblePayment(ctx, actor, id);
  return billForInvoice(ctx, row);
}

/**
 * A bill with its invoice in force (no caller check: getBill checks). Issuer, recipient, lines, taxes and payment
 * instructions are the invoice's stored content, so the screen says what the PDF prints.
 */
export async function billForInvoice(ctx: AppContext, row: PaymentRow): Promise<BillDetail> {
  const [recipient, invoice] = await Promise.all([findAccountById(ctx.db, Number(row.account_id)), invoiceOfBill(ctx, row)]);
  const c = invoice.content;
  return {
    ...summary(row, c.recipient.companyName, invoice.number),
    dueDate: c.dueDate ?? '',
    lines: c.lines.map((l) => ({
      kind: l.kind,
      quantity: l.quantity ?? 0,
      unitPrice: l.unitPrice ?? 0,
      amount: l.amount,
      taxRate: l.taxRate,
    })),
    taxes: c.taxes,
    issuer: { name: c.issuer.name, registrationNumber: c.issuer.registrationNumber, address: c.issuer.address ?? '' },
    recipient: {
      accountId: Number(row.account_id),
      companyName: c.recipient.companyName,
      contactName: recipient?.contact_name ?? '',
      email: recipient?.email ?? '',
    },
    qualifiedInvoice: c.issuer.registrationNumber !== null && REGISTRATION_NUMBER_RE.test(c.issuer.registrationNumber),
    bankTransferDestination: c.payment.kind === 'bank_transfer' ? c.payment.destination : null,
    language: c.lang,
  };
}

/** Bills of the caller as payer (`own`) or as seller (`issued`): filtered, sorted, a page, or every row as CSV. */
export async function listBills(
  ctx: AppContext,
  actor: Actor,
  side: 'own' | 'issued',
  f: BillListQuery,
  csv = false,
): Promise<Paged<BillSummary>> {
  assertMenu(actor, 'billing');
  if (side === 'issued' && actor.effectiveType !== 'MASTER' && actor.effectiveType !== 'OEM_MASTER')
    return { items: [], total: 0, page: f.page, pageSize: f.pageSize };
  const who = side === 'own' ? { accountId: actor.ownerId } : { sellerId: actor.ownerId };
  const { rows, total } = await listPayments(ctx.db, who, f, csv ? null : f.pageSize, csv ? 0 : (f.page - 1) * f.pageSize);
  const ids = rows.map((r) => Number(r.id));
  const [names, numbers] = await Promise.all([
    getAccountBriefs(
      ctx.db,
      rows.map((r) => Number(r.account_id)),
    ),
    currentInvoiceNumbers(ctx.db, ids),
  ]);
  return {
    items: rows.map((r) =>
      summary(
        r,
        names.get(Number(r.account_id))?.companyName ?? '',
        // a bill issued before documents were stored keeps the number it was printed with until its invoice is stored
        numbers.get(Number(r.id)) ?? previousNumber(Number(r.id), r.year_month),
      ),
    ),
    total,
    page: f.page,
    pageSize: f.pageSize,
  };
}

/**
 * Force-complete (back-office.md 4): the seller marks an UNPAID or FAILED bill settled (bank transfer received,
 * settled outside). Irreversible: COMPLETED is final, so a second call is 409. Audited in the same transaction.
 */
export async function forceComplete(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await sellerTransition(ctx, actor, id, 'COMPLETED', 'payment.force_complete');
}

/** Void: the seller cancels an UNPAID bill (final; audited like force-complete). */
export async function voidBill(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await sellerTransition(ctx, actor, id, 'VOID', 'payment.void');
}

async function sellerTransition(ctx: AppContext, actor: Actor, id: number, to: 'COMPLETED' | 'VOID', action: string): Promise<void> {
  const { role } = await visiblePayment(ctx, actor, id);
  if (role !== 'seller') throw notFound();
  assertCanEdit(actor);
  await ctx.db.tx(async (q) => {
    const row = await findPayment(q, id, true);
    if (!row) throw notFound();
    if (!canTransition(row.status, to)) throw conflict('server.payment_transition_invalid', 'INVALID_TRANSITION');
    await setPaymentStatus(q, id, to, to === 'COMPLETED' ? { forcedBy: actor.id } : {});
    if (to === 'VOID') await voidInvoiceOfBill(ctx, q, row, actor.id);
    await recordAudit(q, [
      {
        accountId: actor.id,
        siteId: null,
        action,
        detail: { paymentId: id, accountId: Number(row.account_id), from: row.status, yearMonth: row.year_month },
      },
    ]);
  });
}

/** Moves a payment along the transitions table, or 409 (the card flow and tests use it). */
export async function transition(ctx: AppContext, id: number, from: PaymentStatus, to: PaymentStatus): Promise<void> {
  if (!canTransition(from, to)) throw conflict('server.payment_transition_invalid', 'INVALID_TRANSITION');
  await setPaymentStatus(ctx.db, id, to);
}

/** GET /plan/usage: this month's sites, page views against limitAccess and the projected bill (the job's function). */
export async function planUsage(ctx: AppContext, actor: Actor, now = ctx.clock.now()): Promise<PlanUsage> {
  assertMenu(actor, 'plan_check');
  const month = monthOfJst(now);
  const [{ amounts, pageViews, account }, limits, sites] = await Promise.all([
    projectBill(ctx, actor.ownerId, month),
    planLimitsOf(ctx.db, actor.ownerId),
    siteUsage(ctx.db, actor.ownerId),
  ]);
  return {
    month,
    planName: account?.plan.name ?? null,
    sites: sites.sites,
    quantitySite: account ? limits.quantitySite : null,
    pages: sites.pages,
    quantitySwipe: account ? limits.quantitySwipe : null,
    pageViews,
    limitAccess: account ? account.plan.limitAccess : null,
    projected: { lines: amounts.lines, taxes: amounts.taxes, subtotal: amounts.subtotal, tax: amounts.tax, total: amounts.total },
  };
}
