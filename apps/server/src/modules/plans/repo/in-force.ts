import type { AccountType } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';

// The plan in force, one rule for bills, the /plan usage projection, the summary's plan trend and MRR. A plan is in
// force from the contract_history row that puts it there: the account created on it, a plan given at once to an
// account without one, or next month's plan taking effect (the monthly job, dated 00:00 JST on the 1st). A booking
// (plan_change_scheduled) names the booked plan but is never in force: it takes effect only through that job, on
// the 1st after it. Month M is billed at the plan in force during M: the last such row before 00:00 JST on the 1st
// of M+1. An account with no such row (rows from before plan history existed) falls back to the plan it holds,
// if it existed before that moment.

/** The history rows (alias `h`) that put their plan in force when executed; never a booking. */
export function putsPlanInForce(h: string): string {
  return `${h}.plan_id IS NOT NULL AND ${h}.process_content IN ('created', 'plan_assigned', 'plan_changed')`;
}

export interface PlanInForce {
  planId: number;
  name: string;
  price: number;
  limitAccess: number;
  limitAccessPrice: number;
  /** the plan's owner (an OEM master for its own plans); null for the platform's */
  ownerAccountId: number | null;
}

export interface BillableAccount {
  id: number;
  type: AccountType;
  path: string;
  companyName: string;
  licenseIssue: boolean;
  language: string;
  /** who bills it: the plan's owner (an OEM master), else the platform (the root of its tree) */
  sellerAccountId: number;
  plan: PlanInForce;
}

interface Row {
  id: number;
  type: AccountType;
  path: string;
  company_name: string;
  license_issue: boolean;
  language: string;
  seller_account_id: number;
  plan_id: number;
  name: string;
  price: number;
  limit_access: number;
  limit_access_price: number;
  owner_account_id: number | null;
}

/** 00:00 JST on the 1st of the month and of the next, as dates and instants. */
function bounds(month: string): { from: string; to: string; startAt: string; endAt: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01`, startAt: `${month}-01T00:00:00+09:00`, endAt: `${next}-01T00:00:00+09:00` };
}

const SELECT = `
  WITH h AS (
    SELECT DISTINCT ON (account_id) account_id, plan_id FROM contract_history x
     WHERE ${putsPlanInForce('x')} AND executed_at < $2::timestamptz
     ORDER BY account_id, executed_at DESC, id DESC
  )
  SELECT a.id, a.type, a.path, a.company_name, a.license_issue, a.language,
         COALESCE(pl.owner_account_id, split_part(a.path, '/', 2)::bigint) AS seller_account_id,
         pl.id AS plan_id, pl.name, pl.price, pl.limit_access, pl.limit_access_price, pl.owner_account_id
    FROM accounts a
    LEFT JOIN h ON h.account_id = a.id
    JOIN plans pl ON pl.id = COALESCE(h.plan_id, CASE WHEN a.created_at < $2::timestamptz THEN a.plan_id END)`;

const present = (r: Row): BillableAccount => ({
  id: Number(r.id),
  type: r.type,
  path: r.path,
  companyName: r.company_name,
  licenseIssue: r.license_issue,
  language: r.language,
  sellerAccountId: Number(r.seller_account_id),
  plan: {
    planId: Number(r.plan_id),
    name: r.name,
    price: Number(r.price),
    limitAccess: Number(r.limit_access),
    limitAccessPrice: Number(r.limit_access_price),
    ownerAccountId: r.owner_account_id === null ? null : Number(r.owner_account_id),
  },
});

/** The plan version in force for an account in a month (YYYY-MM), or null. */
export async function planInForce(q: Queryable, accountId: number, month: string): Promise<PlanInForce | null> {
  const b = bounds(month);
  const r = await q.maybeOne<Row>(`${SELECT} WHERE a.id = $1`, [accountId, b.endAt]);
  return r ? present(r).plan : null;
}

/**
 * Every account billed for a month: a payer (not the platform master, not staff) with a plan in force whose
 * contract ran at some time in the month (contract dates overlap it, not terminated or deleted before it).
 * Suspended accounts are billed: a pause keeps the contract. Optionally one account only (the projection).
 */
export async function billableAccounts(q: Queryable, month: string, accountId?: number): Promise<BillableAccount[]> {
  const b = bounds(month);
  const rows = await q.query<Row>(
    `${SELECT}
      WHERE a.type NOT IN ('MASTER', 'SUB_ADMIN') AND ($1::bigint IS NULL OR a.id = $1)
        AND (a.deleted_at IS NULL OR a.deleted_at >= $3::timestamptz)
        AND (a.contract_start IS NULL OR a.contract_start < $5::date)
        AND (a.contract_end IS NULL OR a.contract_end >= $4::date)
        AND NOT EXISTS (SELECT 1 FROM contract_history t
                         WHERE t.account_id = a.id AND t.to_status = 'TERMINATED' AND t.executed_at < $3::timestamptz)
      ORDER BY a.id`,
    [accountId ?? null, b.endAt, b.startAt, b.from, b.to],
  );
  return rows.map(present);
}
