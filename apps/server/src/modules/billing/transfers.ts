import { type BillPayments, japanDay, type RecordTransferBody } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { conflict, fieldError, notFound } from '../../errors.js';
import { type Actor, assertCanEdit } from '../accounts/actor.js';
import { recordAudit } from '../audit/service.js';
import { yen } from './invoice.js';
import { insertReceipt, listReceipts, receiptWithKey, receivedFor } from './repo/receipts.js';
import { findPayment, type PaymentRow, setPaymentStatus } from './repo.js';
import { visiblePayment } from './service.js';

// What was paid against a bill, and bank transfers the seller records (docs/decisions.md "Bank transfers"). A
// transfer is a receipt beside the invoice (the invoice itself never changes); the bill is PAID once its receipts
// cover the total, and stays open with its balance until then. Force-complete stays for the exceptions.

async function paymentsOf(ctx: AppContext, row: PaymentRow): Promise<BillPayments> {
  const rows = await listReceipts(ctx.db, Number(row.id));
  const received = rows.reduce((s, r) => s + r.amount, 0);
  return {
    status: row.status,
    total: row.total,
    received,
    balance: Math.max(0, row.total - received),
    receipts: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      amount: r.amount,
      receivedOn: r.received_on,
      payerName: r.payer_name,
      cardBrand: r.card_brand,
      cardLast4: r.card_last4,
      recordedAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** GET /bill/{id}/payments: the bill's payer and its seller see what was received and what is due. */
export async function billPayments(ctx: AppContext, actor: Actor, id: number): Promise<BillPayments> {
  const { row } = await visiblePayment(ctx, actor, id);
  return paymentsOf(ctx, row);
}

/**
 * POST /payments/{id}/transfers: the seller records a transfer that arrived (the day, the amount, the payer as the
 * statement prints it). One transaction, the bill locked: the receipt, PAID when the receipts cover the total, the
 * audit row. The same idempotency key again records nothing and answers the bill as it is; a transfer larger than
 * the balance is refused (a typo guard: an overpayment is refunded outside, the balance recorded here).
 */
export async function recordTransfer(ctx: AppContext, actor: Actor, id: number, t: RecordTransferBody): Promise<BillPayments> {
  const { role } = await visiblePayment(ctx, actor, id);
  if (role !== 'seller') throw notFound();
  assertCanEdit(actor);
  const today = japanDay(ctx.clock.now());
  if (t.receivedOn > today) throw fieldError('receivedOn', 'validation.max_date', { max: today });
  await ctx.db.tx(async (q) => {
    const row = await findPayment(q, id, true);
    if (!row) throw notFound();
    if (await receiptWithKey(q, id, t.idempotencyKey)) return;
    if (row.status !== 'UNPAID' && row.status !== 'FAILED') throw conflict('server.payment_transition_invalid', 'INVALID_TRANSITION');
    const received = await receivedFor(q, id);
    const balance = row.total - received;
    if (t.amount > balance) throw fieldError('amount', 'validation.transfer_over_balance', { balance: yen(balance) });
    await insertReceipt(q, {
      paymentId: id,
      kind: 'BANK_TRANSFER',
      amount: t.amount,
      receivedOn: t.receivedOn,
      payerName: t.payerName,
      recordedBy: actor.id,
      requestKey: t.idempotencyKey,
    });
    if (received + t.amount >= row.total) await setPaymentStatus(q, id, 'PAID');
    await recordAudit(q, [
      {
        accountId: actor.id,
        siteId: null,
        action: 'payment.transfer',
        detail: {
          paymentId: id,
          accountId: Number(row.account_id),
          amount: t.amount,
          receivedOn: t.receivedOn,
          balance: balance - t.amount,
        },
      },
    ]);
  });
  const after = await findPayment(ctx.db, id);
  if (!after) throw notFound();
  return paymentsOf(ctx, after);
}
