import type { BillLine, BillListQuery, PaymentStatus, TaxByRate } from '@swipe/core';
import type { Queryable } from '../../db/db.js';
import { accountCompanyMatchesSql } from '../accounts/service.js';
import type { InvoiceContent } from './invoice.js';
import { nextSeqsCte, numberSql } from './repo/invoices.js';

// The billing module's SQL: payments (the bills), bill_lines, payment_cards (migration 0010).

export interface PaymentRow {
  id: number;
  account_id: number;
  seller_account_id: number;
  plan_id: number | null;
  year_month: string;
  plan_name: string;
  blocks_used: number;
  page_views: number;
  monthly_fee: number;
  plan_fee: number;
  pv_fee: number;
  license_fee: number;
  initial_fee: number;
  subtotal: number;
  tax: number;
  taxes: TaxByRate[];
  total: number;
  method: 'CARD' | 'BANK_TRANSFER';
  card_brand: string | null;
  card_last4: string | null;
  status: PaymentStatus;
  failure_reason: string | null;
  charge_key: string | null;
  /** the card provider's charge (a PaymentIntent) of the current attempt */
  provider_charge_id: string | null;
  forced_by: number | null;
  issued_at: string;
  due_date: string | null;
}

export interface NewBill {
  accountId: number;
  sellerAccountId: number;
  planId: number;
  yearMonth: string;
  planName: string;
  blocksUsed: number;
  pageViews: number;
  lines: BillLine[];
  subtotal: number;
  tax: number;
  taxes: TaxByRate[];
  total: number;
  method: 'CARD' | 'BANK_TRANSFER';
  dueDate: string;
  /** the invoice issued with the bill: its issuer's sequence, number prefix and the content it prints */
  invoice: { issuerKey: string; prefix: string; content: InvoiceContent };
}

const fee = (b: NewBill, kind: BillLine['kind']) => b.lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amount, 0);

/**
 * Inserts bills, each with its lines and its invoice, in one statement (so one transaction): an account that already
 * has a bill for the month gets nothing. Answers the ids of the bills inserted. A bill never exists without its lines
 * and invoice, a killed run leaves whole bills only, and a number is taken only by a bill inserted. Each issuer's
 * sequence is bumped once per statement by the count it issues (rows locked in issuer order, so statements running
 * at once take turns and never deadlock); a batch of bills waits for that lock once instead of once per bill.
 */
export async function insertBills(q: Queryable, bills: NewBill[], issuedAt: Date): Promise<number[]> {
  if (bills.length === 0) return [];
  const rows = bills.map((b) => ({
    account_id: b.accountId,
    seller_account_id: b.sellerAccountId,
    plan_id: b.planId,
    year_month: b.yearMonth,
    plan_name: b.planName,
    blocks_used: b.blocksUsed,
    page_views: b.pageViews,
    plan_fee: fee(b, 'plan'),
    pv_fee: fee(b, 'pv'),
    license_fee: fee(b, 'license'),
    initial_fee: fee(b, 'initial'),
    subtotal: b.subtotal,
    tax: b.tax,
    taxes: b.taxes,
    total: b.total,
    method: b.method,
    due_date: b.dueDate,
    lines: b.lines.map((l, i) => ({
      position: i + 1,
      kind: l.kind,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      amount: l.amount,
      tax_rate: l.taxRate,
    })),
    issuer_key: b.invoice.issuerKey,
    prefix: b.invoice.prefix,
    content: b.invoice.content,
  }));
  const r = await q.one<{ ids: number[] | null }>(
    `WITH b AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS b(account_id bigint, seller_account_id bigint, plan_id bigint, year_month text,
         plan_name text, blocks_used int, page_views bigint, plan_fee int, pv_fee int, license_fee int, initial_fee int, subtotal int,
         tax int, taxes jsonb, total int, method text, due_date date, lines jsonb, issuer_key text, prefix text, content jsonb)
     ), p AS (
       INSERT INTO payments (account_id, seller_account_id, plan_id, year_month, plan_name, blocks_used, page_views, monthly_fee,
          plan_fee, pv_fee, license_fee, initial_fee, subtotal, tax, taxes, total, method, issued_at, due_date)
       SELECT account_id, seller_account_id, plan_id, year_month, plan_name, blocks_used, page_views, plan_fee,
          plan_fee, pv_fee, license_fee, initial_fee, subtotal, tax, taxes, total, method, $2::timestamptz, due_date
         FROM b ORDER BY account_id
       ON CONFLICT (account_id, year_month) DO NOTHING RETURNING id, account_id
     ), l AS (
       INSERT INTO bill_lines (payment_id, position, kind, quantity, unit_price, amount, tax_rate)
       SELECT p.id, x.position, x.kind, x.quantity, x.unit_price, x.amount, x.tax_rate
         FROM p JOIN b ON b.account_id = p.account_id,
              jsonb_to_recordset(b.lines) AS x(position int, kind text, quantity int, unit_price int, amount int, tax_rate int)
     ), n AS (
       SELECT p.id, b.issuer_key, b.prefix, b.content,
              row_number() OVER (PARTITION BY b.issuer_key ORDER BY p.id) AS rn, count(*) OVER (PARTITION BY b.issuer_key) AS cnt
         FROM p JOIN b ON b.account_id = p.account_id
     ), s AS (${nextSeqsCte('n', "'invoice'")}
     ), i AS (
       INSERT INTO invoices (payment_id, kind, issuer_key, seq, number, issued_at, content)
       SELECT n.id, 'invoice', n.issuer_key, (s.last_seq - n.cnt + n.rn)::int,
              ${numberSql('n.prefix', '(s.last_seq - n.cnt + n.rn)')}, $2::timestamptz, n.content
         FROM n JOIN s ON s.issuer_key = n.issuer_key
     )
     SELECT array_agg(id ORDER BY id) AS ids FROM p`,
    [JSON.stringify(rows), issuedAt.toISOString()],
  );
  return (r.ids ?? []).map(Number);
}

/** Accounts billed for a month, and accounts billed before it (the initial fee goes with the first bill). */
export async function billedAccounts(q: Queryable, month: string): Promise<{ thisMonth: Set<number>; before: Set<number> }> {
  const rows = await q.query<{ account_id: number; this_month: boolean; earlier: boolean }>(
    `SELECT account_id, bool_or(year_month = $1) AS this_month, bool_or(year_month < $1) AS earlier
       FROM payments WHERE year_month <= $1 GROUP BY account_id`,
    [month],
  );
  return {
    thisMonth: new Set(rows.filter((r) => r.this_month).map((r) => Number(r.account_id))),
    before: new Set(rows.filter((r) => r.earlier).map((r) => Number(r.account_id))),
  };
}

export async function hasEarlierBill(q: Queryable, accountId: number, month: string): Promise<boolean> {
  return Boolean(await q.maybeOne('SELECT 1 FROM payments WHERE account_id = $1 AND year_month < $2 LIMIT 1', [accountId, month]));
}

export function findPayment(q: Queryable, id: number, lock = false): Promise<PaymentRow | undefined> {
  return q.maybeOne<PaymentRow>(`SELECT * FROM payments WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
}

export async function billLines(q: Queryable, paymentId: number): Promise<BillLine[]> {
  const rows = await q.query<{ kind: BillLine['kind']; quantity: number; unit_price: number; amount: number; tax_rate: number }>(
    'SELECT kind, quantity, unit_price, amount, tax_rate FROM bill_lines WHERE payment_id = $1 ORDER BY position',
    [paymentId],
  );
  return rows.map((r) => ({ kind: r.kind, quantity: r.quantity, unitPrice: r.unit_price, amount: r.amount, taxRate: r.tax_rate }));
}

export async function setPaymentStatus(
  q: Queryable,
  id: number,
  to: PaymentStatus,
  extra: {
    forcedBy?: number;
    failureReason?: string | null;
    chargeKey?: string;
    chargeId?: string;
    method?: 'CARD';
    brand?: string;
    last4?: string;
  } = {},
): Promise<void> {
  await q.query(
    `UPDATE payments SET status = $2, updated_at = now(),
        forced_by = COALESCE($3, forced_by), forced_at = CASE WHEN $3::bigint IS NULL THEN forced_at ELSE now() END,
        failure_reason = $4, charge_key = COALESCE($5, charge_key), provider_charge_id = COALESCE($6, provider_charge_id),
        method = COALESCE($7, method), card_brand = COALESCE($8, card_brand), card_last4 = COALESCE($9, card_last4)
      WHERE id = $1`,
    [
      id,
      to,
      extra.forcedBy ?? null,
      extra.failureReason ?? null,
      extra.chargeKey ?? null,
      extra.chargeId ?? null,
      extra.method ?? null,
      extra.brand ?? null,
      extra.last4 ?? null,
    ],
  );
}

const SORTS: Record<BillListQuery['sort'], string> = {
  year_month: 'year_month ASC, id ASC',
  '-year_month': 'year_month DESC, id DESC',
  total: 'total ASC, id ASC',
  '-total': 'total DESC, id DESC',
  status: 'status ASC, id ASC',
  '-status': 'status DESC, id DESC',
};

/** Bills of a payer (`accountId`) or of a seller (`sellerId`), filtered, sorted, a page (limit null: all). */
export async function listPayments(
  q: Queryable,
  who: { accountId: number } | { sellerId: number },
  f: Pick<BillListQuery, 'status' | 'month' | 'search' | 'sort'>,
  limit: number | null,
  offset: number,
): Promise<{ rows: PaymentRow[]; total: number }> {
  const params: unknown[] = ['accountId' in who ? who.accountId : who.sellerId];
  let where = 'accountId' in who ? 'account_id = $1' : 'seller_account_id = $1';
  if (f.status) {
    params.push(f.status);
    where += ` AND status = $${params.length}`;
  }
  if (f.month) {
    params.push(f.month);
    where += ` AND year_month = $${params.length}`;
  }
  if (f.search) {
    params.push(`%${f.search.replace(/[\\%_]/g, '\\$&')}%`);
    where += ` AND (plan_name ILIKE $${params.length} OR ${accountCompanyMatchesSql('account_id', params.length)})`;
  }
  const total = await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE ${where}`, params);
  params.push(limit, offset);
  const rows = await q.query<PaymentRow>(
    `SELECT * FROM payments WHERE ${where} ORDER BY ${SORTS[f.sort]} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: Number(total.n) };
}

export interface CardRow {
  provider: string;
  customer_id: string;
  card_ref: string;
  brand: string;
  last4: string;
}

export function findCard(q: Queryable, accountId: number): Promise<CardRow | undefined> {
  return q.maybeOne<CardRow>('SELECT provider, customer_id, card_ref, brand, last4 FROM payment_cards WHERE account_id = $1', [accountId]);
}

export async function saveCard(q: Queryable, accountId: number, c: CardRow): Promise<void> {
  await q.query(
    `INSERT INTO payment_cards (account_id, provider, customer_id, card_ref, brand, last4) VALUES ($1,$2,$3,$4,$5,$6)
     ON CONFLICT (account_id) DO UPDATE SET provider = $2, customer_id = $3, card_ref = $4, brand = $5, last4 = $6, updated_at = now()`,
    [accountId, c.provider, c.customer_id, c.card_ref, c.brand, c.last4],
  );
}

export async function cardAccounts(q: Queryable): Promise<Set<number>> {
  return new Set((await q.query<{ account_id: number }>('SELECT account_id FROM payment_cards')).map((r) => Number(r.account_id)));
}
