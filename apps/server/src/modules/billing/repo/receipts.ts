import type { Queryable } from '../../../db/db.js';
import type { PaymentRow } from '../repo.js';

// The billing module's SQL for money received (migration 0025): payment_receipts beside the bills, the card
// provider's webhook events handled once, and the bills a provider's charge or the monthly run refers to.

export interface ReceiptRow {
  id: number;
  payment_id: number;
  kind: 'CARD' | 'BANK_TRANSFER';
  amount: number;
  /** YYYY-MM-DD, as text on both databases */
  received_on: string;
  payer_name: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: string | Date;
}

export interface NewReceipt {
  paymentId: number;
  kind: 'CARD' | 'BANK_TRANSFER';
  amount: number;
  receivedOn: string;
  payerName?: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
  provider?: string | null;
  providerRef?: string | null;
  recordedBy?: number | null;
  requestKey?: string | null;
}

const COLUMNS = `id, payment_id, kind, amount, to_char(received_on, 'YYYY-MM-DD') AS received_on, payer_name, card_brand,
  card_last4, created_at`;

export function listReceipts(q: Queryable, paymentId: number): Promise<ReceiptRow[]> {
  return q.query<ReceiptRow>(`SELECT ${COLUMNS} FROM payment_receipts WHERE payment_id = $1 ORDER BY received_on, id`, [paymentId]);
}

export async function receivedFor(q: Queryable, paymentId: number): Promise<number> {
  const r = await q.one<{ n: number }>('SELECT COALESCE(sum(amount), 0)::int AS n FROM payment_receipts WHERE payment_id = $1', [
    paymentId,
  ]);
  return Number(r.n);
}

/** Yen received against each bill (bills without receipts are absent). */
export async function receivedByPayment(q: Queryable, paymentIds: number[]): Promise<Map<number, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await q.query<{ payment_id: number; received: number }>(
    `SELECT payment_id, sum(amount)::int AS received FROM payment_receipts WHERE payment_id = ANY($1::bigint[]) GROUP BY payment_id`,
    [paymentIds],
  );
  return new Map(rows.map((r) => [Number(r.payment_id), Number(r.received)]));
}

export async function receiptWithKey(q: Queryable, paymentId: number, requestKey: string): Promise<boolean> {
  return Boolean(await q.maybeOne('SELECT 1 FROM payment_receipts WHERE payment_id = $1 AND request_key = $2', [paymentId, requestKey]));
}

/** Inserts a receipt, or nothing when its request key or provider reference is already recorded (false). */
export async function insertReceipt(q: Queryable, r: NewReceipt): Promise<boolean> {
  const row = await q.maybeOne<{ id: number }>(
    `INSERT INTO payment_receipts (payment_id, kind, amount, received_on, payer_name, card_brand, card_last4, provider,
        provider_ref, recorded_by, request_key)
     VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      r.paymentId,
      r.kind,
      r.amount,
      r.receivedOn,
      r.payerName ?? null,
      r.cardBrand ?? null,
      r.cardLast4 ?? null,
      r.provider ?? null,
      r.providerRef ?? null,
      r.recordedBy ?? null,
      r.requestKey ?? null,
    ],
  );
  return row !== undefined;
}

/** Marks a provider's webhook event handled; false when it was already (a redelivery). */
export async function markEventHandled(
  q: Queryable,
  e: { provider: string; eventId: string; type: string; paymentId: number | null },
): Promise<boolean> {
  const row = await q.maybeOne<{ event_id: string }>(
    `INSERT INTO payment_provider_events (provider, event_id, type, payment_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [e.provider, e.eventId, e.type, e.paymentId],
  );
  return row !== undefined;
}

/** The bill a provider's charge (a PaymentIntent) was made for. */
export function findPaymentByCharge(q: Queryable, chargeId: string, lock = false): Promise<PaymentRow | undefined> {
  return q.maybeOne<PaymentRow>(`SELECT * FROM payments WHERE provider_charge_id = $1${lock ? ' FOR UPDATE' : ''}`, [chargeId]);
}

/** Remembers the provider's charge of the bill's current attempt (its webhook finds the bill by it); null: a new attempt. */
export async function setProviderCharge(q: Queryable, id: number, chargeId: string | null): Promise<void> {
  await q.query('UPDATE payments SET provider_charge_id = $2 WHERE id = $1', [id, chargeId]);
}

/** A month's card bills still unpaid whose payer has a card of this provider: what the monthly run charges. */
export async function unpaidCardBills(q: Queryable, month: string, provider: string): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT p.id FROM payments p JOIN payment_cards c ON c.account_id = p.account_id
      WHERE p.year_month = $1 AND p.status = 'UNPAID' AND p.method = 'CARD' AND c.provider = $2 ORDER BY p.id`,
    [month, provider],
  );
  return rows.map((r) => Number(r.id));
}
