import type { AppContext } from '../context.js';
import type { AccountRow } from '../modules/accounts/actor.js';
import { makeAccount } from './helpers.js';

// Customers with a plan in force for the tests of payments: a plan at a price, an account on it since a day
// (created, contract start and the contract history row that puts the plan in force), so a month's run bills it.

export async function makeBillingPlan(ctx: AppContext, name: string, price: number): Promise<number> {
  const r = await ctx.db.one<{ id: number }>(
    'INSERT INTO plans (name, price, limit_access, limit_access_price) VALUES ($1, $2, 0, 0) RETURNING id',
    [name, price],
  );
  return Number(r.id);
}

export async function makeCustomer(
  ctx: AppContext,
  c: { parentId: number; email: string; companyName: string; planId: number; since: string; authority?: 'EDIT' | 'VIEW' },
): Promise<AccountRow> {
  const a = await makeAccount(ctx, {
    parentId: c.parentId,
    type: 'MASTER_USER',
    email: c.email,
    companyName: c.companyName,
    planId: c.planId,
    ...(c.authority ? { authority: c.authority } : {}),
  });
  await ctx.db.query('UPDATE accounts SET created_at = $2::timestamptz, contract_start = ($2::timestamptz)::date WHERE id = $1', [
    a.id,
    c.since,
  ]);
  await ctx.db.query(
    "INSERT INTO contract_history (account_id, executed_at, process_content, to_status, plan_id) VALUES ($1, $2, 'created', 'ACTIVE', $3)",
    [a.id, c.since, c.planId],
  );
  return a;
}

export async function billOf(
  ctx: AppContext,
  accountId: number,
  month: string,
): Promise<{ id: number; status: string; total: number; failure_reason: string | null }> {
  const r = await ctx.db.one<{ id: number; status: string; total: number; failure_reason: string | null }>(
    'SELECT id, status, total, failure_reason FROM payments WHERE account_id = $1 AND year_month = $2',
    [accountId, month],
  );
  return { ...r, id: Number(r.id) };
}
