import type { BillLine, TaxByRate } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';
import type { InvoiceContent, InvoiceKind } from '../invoice.js';

// SQL of issued documents (migration 0024): invoices (content stored at issue, never changed: only the void marks
// are set once, the table's trigger refuses anything else) and invoice_sequences (one gapless counter per issuer
// and kind, incremented in the issuing transaction, so a rolled-back issue gives its number back).

export interface InvoiceRow {
  id: number;
  payment_id: number;
  kind: InvoiceKind;
  issuer_key: string;
  seq: number | null;
  number: string;
  issued_at: Date | string;
  content: InvoiceContent;
  replaces_id: number | null;
  voided_at: Date | string | null;
  void_reason: string | null;
}

/** Digits of a sequence number: at least 7, more when the count outgrows them (never cut). */
export const SEQ_DIGITS = 7;

/**
 * SQL of a number made of a prefix parameter and a sequence expression, the twin of invoice-issue.ts numberOf
 * (lpad to at least SEQ_DIGITS; lpad alone would cut a longer count).
 */
export function numberSql(prefixParam: string, seqExpr: string): string {
  return `${prefixParam} || lpad(${seqExpr}::text, greatest(${SEQ_DIGITS}, length(${seqExpr}::text)), '0')`;
}

/**
 * The sequence CTE for an issue inside one statement: `src` names a CTE whose rows are issued (0 or 1 row; none:
 * nothing is counted). Its output column is `last_seq`.
 */
export function nextSeqCte(src: string, issuerParam: string, kindParam: string): string {
  return `INSERT INTO invoice_sequences (issuer_key, kind, last_seq) SELECT ${issuerParam}, ${kindParam}, 1 FROM ${src}
       ON CONFLICT (issuer_key, kind) DO UPDATE SET last_seq = invoice_sequences.last_seq + 1 RETURNING last_seq`;
}

/**
 * The sequences CTE for many issues of one kind inside one statement: `src` names a CTE with an `issuer_key` column,
 * one row per document to number. Each issuer's counter moves on by its count, in issuer order (the row locks are
 * taken in one order by every statement). Output: `issuer_key` and `last_seq`, the last number the statement took;
 * its documents take the numbers up to it.
 */
export function nextSeqsCte(src: string, kindSql: string): string {
  return `INSERT INTO invoice_sequences (issuer_key, kind, last_seq)
       SELECT issuer_key, ${kindSql}, count(*) FROM ${src} GROUP BY issuer_key ORDER BY issuer_key
       ON CONFLICT (issuer_key, kind) DO UPDATE SET last_seq = invoice_sequences.last_seq + EXCLUDED.last_seq
       RETURNING issuer_key, last_seq`;
}

export interface NewInvoice {
  paymentId: number;
  kind: InvoiceKind;
  issuerKey: string;
  /** e.g. 'INV-' or 'RET-S12-': the number is the prefix and the issuer's next sequence number */
  prefix: string;
  issuedAt: Date;
  content: InvoiceContent;
  replacesId: number | null;
}

/** Issues a numbered document in the caller's transaction: the issuer's next number, then the row. */
export async function insertNumberedInvoice(q: Queryable, n: NewInvoice): Promise<InvoiceRow> {
  return q.one<InvoiceRow>(
    `WITH src AS (SELECT 1), s AS (${nextSeqCte('src', '$2', '$3')})
     INSERT INTO invoices (payment_id, kind, issuer_key, seq, number, issued_at, content, replaces_id)
     SELECT $1, $3, $2, s.last_seq, ${numberSql('$4', 's.last_seq')}, $5, $6::jsonb, $7 FROM s
     RETURNING *`,
    [n.paymentId, n.issuerKey, n.kind, n.prefix, n.issuedAt.toISOString(), JSON.stringify(n.content), n.replacesId],
  );
}

/**
 * Stores the content of a bill issued before documents were stored, under the number it was printed with
 * (no sequence number). Nothing when the bill already has its first invoice (run twice: stored once).
 */
export async function insertPreviousInvoice(
  q: Queryable,
  n: { paymentId: number; issuerKey: string; number: string; issuedAt: Date | string; content: InvoiceContent },
): Promise<void> {
  await q.query(
    `INSERT INTO invoices (payment_id, kind, issuer_key, seq, number, issued_at, content)
     VALUES ($1, 'invoice', $2, NULL, $3, $4, $5::jsonb)
     ON CONFLICT (payment_id) WHERE kind = 'invoice' AND replaces_id IS NULL DO NOTHING`,
    [n.paymentId, n.issuerKey, n.number, new Date(n.issuedAt).toISOString(), JSON.stringify(n.content)],
  );
}

/** Every document of a bill, oldest first. */
export function invoicesOfBill(q: Queryable, paymentId: number): Promise<InvoiceRow[]> {
  return q.query<InvoiceRow>('SELECT * FROM invoices WHERE payment_id = $1 ORDER BY id', [paymentId]);
}

/** The bill's invoice in force: the newest of kind 'invoice' (void too when the bill itself is void). */
export function currentInvoice(q: Queryable, paymentId: number, lock = false): Promise<InvoiceRow | undefined> {
  return q.maybeOne<InvoiceRow>(
    `SELECT * FROM invoices WHERE payment_id = $1 AND kind = 'invoice' ORDER BY id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [paymentId],
  );
}

/** The current invoice number of each bill (lists, CSV). */
export async function currentInvoiceNumbers(q: Queryable, paymentIds: number[]): Promise<Map<number, string>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await q.query<{ payment_id: number; number: string }>(
    `SELECT DISTINCT ON (payment_id) payment_id, number FROM invoices
      WHERE payment_id = ANY($1::bigint[]) AND kind = 'invoice' ORDER BY payment_id, id DESC`,
    [paymentIds],
  );
  return new Map(rows.map((r) => [Number(r.payment_id), r.number]));
}

/** Marks a document void (once: the trigger refuses changing a void mark). */
export async function voidInvoice(q: Queryable, id: number, by: number | null, reason: string | null, at: Date): Promise<void> {
  await q.query('UPDATE invoices SET voided_at = $2, voided_by = $3, void_reason = $4 WHERE id = $1 AND voided_at IS NULL', [
    id,
    at.toISOString(),
    by,
    reason,
  ]);
}

/** Bills without any stored invoice (issued before documents were stored), a batch at a time. */
export async function billsWithoutInvoice(q: Queryable, afterId: number, limit: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT p.id FROM payments p
      WHERE p.id > $1 AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.payment_id = p.id)
      ORDER BY p.id LIMIT $2`,
    [afterId, limit],
  );
  return rows.map((r) => Number(r.id));
}

/** A bill's due date as the calendar day it is (YYYY-MM-DD), whatever the driver makes of a `date`. */
export async function dueDayOf(q: Queryable, paymentId: number): Promise<string | null> {
  const r = await q.maybeOne<{ d: string | null }>("SELECT to_char(due_date, 'YYYY-MM-DD') AS d FROM payments WHERE id = $1", [paymentId]);
  return r?.d ?? null;
}

/** The card on file of each account (brand and last 4 only), for the payment instructions printed at issue. */
export async function cardsOnFile(q: Queryable): Promise<Map<number, { brand: string; last4: string }>> {
  const rows = await q.query<{ account_id: number; brand: string; last4: string }>('SELECT account_id, brand, last4 FROM payment_cards');
  return new Map(rows.map((r) => [Number(r.account_id), { brand: r.brand, last4: r.last4 }]));
}

/**
 * A corrected bill's lines and amounts (its new invoice's): the bill keeps what is owed now, its invoices what each
 * said. Lines are replaced whole in the caller's transaction.
 */
export async function replaceBillAmounts(
  q: Queryable,
  paymentId: number,
  b: { lines: BillLine[]; taxes: TaxByRate[]; subtotal: number; tax: number; total: number },
): Promise<void> {
  const fee = (kind: BillLine['kind']) => b.lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amount, 0);
  const blocks = b.lines.filter((l) => l.kind === 'pv').reduce((s, l) => s + l.quantity, 0);
  await q.query(
    `UPDATE payments SET plan_fee = $2, monthly_fee = $2, pv_fee = $3, license_fee = $4, initial_fee = $5, blocks_used = $6,
        subtotal = $7, tax = $8, taxes = $9::jsonb, total = $10, updated_at = now()
      WHERE id = $1`,
    [paymentId, fee('plan'), fee('pv'), fee('license'), fee('initial'), blocks, b.subtotal, b.tax, JSON.stringify(b.taxes), b.total],
  );
  await q.query('DELETE FROM bill_lines WHERE payment_id = $1', [paymentId]);
  await q.query(
    `INSERT INTO bill_lines (payment_id, position, kind, quantity, unit_price, amount, tax_rate)
     SELECT $1, l.position, l.kind, l.quantity, l.unit_price, l.amount, l.tax_rate
       FROM jsonb_to_recordset($2::jsonb) AS l(position int, kind text, quantity int, unit_price int, amount int, tax_rate int)`,
    [
      paymentId,
      JSON.stringify(
        b.lines.map((l, i) => ({
          position: i + 1,
          kind: l.kind,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          amount: l.amount,
          tax_rate: l.taxRate,
        })),
      ),
    ],
  );
}
