import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { conflict, fieldError, forbidden } from '../../errors.js';
import { type Actor, assertCanEdit, assertMenu } from './actor.js';
import { findAccountById, readRegistrationNumber, writeRegistrationNumber } from './repo.js';

// An OEM master's qualified-invoice registration number (T + 13 digits; null: none, its bills are plain invoices).
// The platform master's is configuration (ISSUER_REGISTRATION_NUMBER); only the sellers themselves (MASTER,
// OEM_MASTER, not their staff, who have no plan_check) read it here, and only an OEM master sets its own.

export const REGISTRATION_NUMBER = /^T\d{13}$/;

/** The number printed on the invoices an account issues (billing reads it when it draws an invoice). */
export function invoiceRegistrationNumberOf(q: Queryable, accountId: number): Promise<string | null> {
  return readRegistrationNumber(q, accountId);
}

export interface OwnInvoiceIssuer {
  type: 'MASTER' | 'OEM_MASTER';
  companyName: string;
  registrationNumber: string | null;
}

/** The seller the actor is (403 for anyone else): its company name and number. */
export async function ownInvoiceIssuer(ctx: AppContext, actor: Actor): Promise<OwnInvoiceIssuer> {
  assertMenu(actor, 'plan_check');
  if (actor.type !== 'MASTER' && actor.type !== 'OEM_MASTER') throw forbidden();
  const row = await findAccountById(ctx.db, actor.id);
  return { type: actor.type, companyName: row?.company_name ?? '', registrationNumber: await readRegistrationNumber(ctx.db, actor.id) };
}

/** Sets (or clears with null) an OEM master's own number. The platform's is configuration: 409. */
export async function setInvoiceRegistrationNumber(ctx: AppContext, actor: Actor, value: string | null): Promise<void> {
  assertMenu(actor, 'plan_check');
  if (actor.type === 'MASTER') throw conflict('server.invoice_issuer_from_config', 'ISSUER_FROM_CONFIG');
  if (actor.type !== 'OEM_MASTER') throw forbidden();
  assertCanEdit(actor);
  if (value !== null && !REGISTRATION_NUMBER.test(value)) throw fieldError('registrationNumber', 'validation.invoice_registration_number');
  await ctx.db.tx((q) => writeRegistrationNumber(q, actor.id, value));
}
