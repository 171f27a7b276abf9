import { previousMonth } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { scheduledJob } from '../../jobs/schedule.js';
import { chargeCardBills } from './charges.js';
import { storePreviousInvoices } from './invoice-issue.js';
import { billMonth } from './run.js';

/**
 * Monthly, 00:00 in Japan on the 1st: bills the month that just ended. The plan-change job runs at the same
 * moment; the bill reads the plan in force in that month (contract history), so their order does not matter.
 */
export const MONTHLY_BILLS_JOB = 'billing.monthly_bills';
export const monthlyBillsJob = scheduledJob(MONTHLY_BILLS_JOB, { every: 'month', atMinutes: 0 }, async (ctx, period) => {
  const month = previousMonth(period);
  const run = await billMonth(ctx, month);
  // then saved cards are charged off-session, each bill once however often this runs (charges.ts)
  await chargeCardBills(ctx, month);
  return run;
});

/** Once, queued by migration 0024: bills issued before invoices were stored as documents get theirs (idempotent). */
export const STORE_PREVIOUS_INVOICES_JOB = 'billing.snapshot_invoices';

export const billingJobs = {
  [MONTHLY_BILLS_JOB]: monthlyBillsJob,
  [STORE_PREVIOUS_INVOICES_JOB]: (ctx: AppContext) => storePreviousInvoices(ctx),
};
