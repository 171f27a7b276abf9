import { type BillAmounts, computeBill, japanDay, monthRangeJst, toJapanClock } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../errors.js';
import { countPageViewsBySite } from '../analytics/service.js';
import { type BillableAccount, billableAccounts } from '../plans/service.js';
import { siteOwners } from '../sites/service.js';
import { invoiceIssue } from './invoice-issue.js';
import { billedAccounts, cardAccounts, hasEarlierBill, insertBills, type NewBill } from './repo.js';

// The monthly bills. Month M is billed at 00:00 JST on the 1st of M+1 (business time: ctx.clock) with the plan
// version in force in M (the plans module's rule), never the account's current plan: the plan-change job runs at
// the same moment.
// Bills are inserted a batch of accounts per statement (one short transaction each, with their invoices),
// insert-or-nothing on UNIQUE (account_id, year_month): run twice, or killed mid-run and run again, every account is
// billed once.

/** The page views of each account's sites in a month (Japan time). */
export async function pageViewsByAccount(q: Queryable, month: string, accountIds?: number[]): Promise<Map<number, number>> {
  const { start, end } = monthRangeJst(month);
  const owners = await siteOwners(q, accountIds);
  if (accountIds && owners.size === 0) return new Map();
  const bySite = await countPageViewsBySite(q, start, end, accountIds ? [...owners.keys()] : undefined);
  const byAccount = new Map<number, number>();
  for (const [site, n] of bySite) {
    const owner = owners.get(site);
    if (owner !== undefined) byAccount.set(owner, (byAccount.get(owner) ?? 0) + n);
  }
  return byAccount;
}

/** The bill of one account for a month: the one function the job and the projection share. */
export function billFor(ctx: AppContext, a: BillableAccount, pageViews: number, firstMonth: boolean): BillAmounts {
  return computeBill({
    plan: a.plan,
    pageViews,
    licenseIssue: a.licenseIssue,
    licenseFeeYen: ctx.config.billing.licenseFeeYen,
    firstMonth,
  });
}

/** Last day of the month after `month` (the due date of month's bill, issued on the 1st of that month). */
export function dueDateOf(month: string): string {
  const { end } = monthRangeJst(month);
  const jst = toJapanClock(end);
  return new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

const CONCURRENCY = 4;
/** accounts billed per statement: a few hundred kB of parameters, one commit and one turn at the issuer's counter */
const BATCH = 100;

export interface RunResult {
  month: string;
  billable: number;
  billed: number;
  skipped: number;
}

/**
 * A month is billed once it has ended in Japan time: an open or future month is refused (422), so no bill is ever
 * written before its page views are all in (a bill is never written twice: an early one would stand).
 */
export function assertMonthEnded(month: string, now: Date): void {
  const { end } = monthRangeJst(month);
  if (now.getTime() < end.getTime()) throw new AppError(422, 'MONTH_NOT_ENDED', 'server.bill_month_open', { month, from: japanDay(end) });
}

/** Bills every billable account for a month (YYYY-MM) that has ended; accounts already billed are left alone. */
export async function billMonth(ctx: AppContext, month: string, now = ctx.clock.now()): Promise<RunResult> {
  assertMonthEnded(month, now);
  const accounts = await billableAccounts(ctx.db, month);
  const { thisMonth, before } = await billedAccounts(ctx.db, month);
  const todo = accounts.filter((a) => !thisMonth.has(a.id));
  let billed = 0;
  if (todo.length > 0) {
    const pv = await pageViewsByAccount(ctx.db, month);
    const cards = await cardAccounts(ctx.db);
    const dueDate = dueDateOf(month);
    const issue = await invoiceIssue(ctx);
    const bill = async (a: BillableAccount): Promise<NewBill> => {
      const amounts = billFor(ctx, a, pv.get(a.id) ?? 0, !before.has(a.id));
      const method = cards.has(a.id) ? 'CARD' : 'BANK_TRANSFER';
      return {
        accountId: a.id,
        sellerAccountId: a.sellerAccountId,
        planId: a.plan.planId,
        yearMonth: month,
        planName: a.plan.name,
        blocksUsed: amounts.blocksUsed,
        pageViews: pv.get(a.id) ?? 0,
        lines: amounts.lines,
        subtotal: amounts.subtotal,
        tax: amounts.tax,
        taxes: amounts.taxes,
        total: amounts.total,
        method,
        dueDate,
        // the invoice issued with it: its content as of now (docs/decisions.md "Invoices are documents")
        invoice: await issue.forBill(a, { month, ...amounts, dueDate }, method, now),
      };
    };
    // BATCH accounts per statement (bills, lines and invoices: one transaction, insert-or-nothing per account), a few
    // statements at a time, leaving the pool room for requests
    const batches: BillableAccount[][] = [];
    for (let i = 0; i < todo.length; i += BATCH) batches.push(todo.slice(i, i + BATCH));
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, batches.length) }, async () => {
        while (next < batches.length) {
          const batch = batches[next++] as BillableAccount[];
          const ids = await insertBills(ctx.db, await Promise.all(batch.map(bill)), now);
          billed += ids.length;
        }
      }),
    );
  }
  ctx.log.info({ month, billable: accounts.length, billed }, 'monthly bills');
  return { month, billable: accounts.length, billed, skipped: accounts.length - billed };
}

/** This month's bill so far for one account (the /plan screen), computed exactly as the job will. */
export async function projectBill(
  ctx: AppContext,
  accountId: number,
  month: string,
): Promise<{ amounts: BillAmounts; pageViews: number; account: BillableAccount | undefined }> {
  const [a] = await billableAccounts(ctx.db, month, accountId);
  const pageViews = (await pageViewsByAccount(ctx.db, month, [accountId])).get(accountId) ?? 0;
  if (!a)
    return {
      amounts: computeBill({ plan: null, pageViews, licenseIssue: false, licenseFeeYen: 0, firstMonth: false }),
      pageViews,
      account: undefined,
    };
  return { amounts: billFor(ctx, a, pageViews, !(await hasEarlierBill(ctx.db, accountId, month))), pageViews, account: a };
}
