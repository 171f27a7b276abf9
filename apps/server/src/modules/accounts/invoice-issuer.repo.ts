import type { Queryable } from '../../db/db.js';

// SQL for an account's invoice registration number (migration 0012_invoices.sql).

export async function readRegistrationNumber(q: Queryable, accountId: number): Promise<string | null> {
  const r = await q.maybeOne<{ n: string | null }>('SELECT invoice_registration_number AS n FROM accounts WHERE id = $1', [accountId]);
  return r?.n ?? null;
}

export async function writeRegistrationNumber(q: Queryable, accountId: number, value: string | null): Promise<void> {
  await q.query('UPDATE accounts SET invoice_registration_number = $2 WHERE id = $1 AND deleted_at IS NULL', [accountId, value]);
}
