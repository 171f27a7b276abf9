import { type AccountType, CHILD_TYPES } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { type AccountRow, type Actor, assertCanEdit, assertInScope, scopeSql } from './actor.js';
import { accountsChanged } from './cache.js';
import { presentAccount } from './presenter.js';
import { endAllSessions, findAccountById, insertAccount } from './repo.js';

/** An account the actor may see: itself or its subtree (a sub-admin: its parent's subtree). Else 404. */
async function scopedAccount(ctx: AppContext, actor: Actor, id: number): Promise<AccountRow> {
  const row = await findAccountById(ctx.db, id);
  if (!row) throw notFound();
  assertInScope(actor, row.path);
  return row;
}

export async function getAccount(ctx: AppContext, actor: Actor, id: number) {
  return presentAccount(await scopedAccount(ctx, actor, id));
}

export async function listAccounts(
  ctx: AppContext,
  actor: Actor,
  p: { search?: string; page: number; pageSize: number; type?: AccountType },
) {
  const scope = scopeSql(actor, 'a.path', 1);
  const params: unknown[] = [scope.param];
  let where = `a.deleted_at IS NULL AND ${scope.sql} AND a.id <> ${Number(actor.id)}`;
  if (p.search) {
    params.push(`%${p.search.replace(/[\\%_]/g, '\\$&')}%`);
    where += ` AND (a.email ILIKE $${params.length} OR a.company_name ILIKE $${params.length} OR a.contact_name ILIKE $${params.length})`;
  }
  if (p.type) {
    params.push(p.type);
    where += ` AND a.type = $${params.length}`;
  }
  const total = (await ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM accounts a WHERE ${where}`, params)).n;
  params.push(p.pageSize, (p.page - 1) * p.pageSize);
  const rows = await ctx.db.query<AccountRow>(
    `SELECT a.*, pa.type AS parent_type, pa.path AS parent_path, pa.plan_id AS parent_plan_id FROM accounts a
     LEFT JOIN accounts pa ON pa.id = a.parent_id WHERE ${where} ORDER BY a.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { items: rows.map(presentAccount), total, page: p.page, pageSize: p.pageSize };
}

export interface CreateAccountInput {
  type: AccountType;
  email: string;
  companyName: string;
  contactName?: string;
  authority: 'VIEW' | 'EDIT';
  staffRole?: 'MAIN_CONTACT' | 'VIEWER' | 'EDITOR' | null;
  planId?: number | null;
  password: string;
}

/** Creates a child account of the caller's tenant; the type must be one the caller's type may create. */
export async function createAccount(ctx: AppContext, actor: Actor, input: CreateAccountInput) {
  assertCanEdit(actor);
  if (!CHILD_TYPES[actor.effectiveType].includes(input.type)) throw forbidden();
  const passwordHash = await hashPassword(input.password);
  return ctx.db.tx(async (q) => {
    const exists = await q.maybeOne('SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND deleted_at IS NULL', [input.email]);
    if (exists) throw conflict('validation.email_taken', 'EMAIL_TAKEN');
    const row = await insertAccount(q, {
      parentId: actor.ownerId,
      type: input.type,
      email: input.email,
      passwordHash,
      companyName: input.companyName,
      contactName: input.contactName,
      authority: input.authority,
      staffRole: input.type === 'SUB_ADMIN' ? (input.staffRole ?? 'EDITOR') : null,
      planId: input.planId ?? null,
      mustChangePassword: true,
    });
    await q.query(
      "INSERT INTO contract_history (account_id, executor_id, process_content, to_status) VALUES ($1, $2, 'created', 'ACTIVE')",
      [row.id, actor.id],
    );
    return presentAccount(row);
  });
}

export async function updateAccount(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { companyName?: string; contactName?: string; authority?: 'VIEW' | 'EDIT' },
) {
  assertCanEdit(actor);
  const row = await scopedAccount(ctx, actor, id);
  if (row.contract_status === 'TERMINATED') throw forbidden('server.account_terminated', 'ACCOUNT_TERMINATED');
  if (input.authority && row.id === actor.id) throw forbidden();
  await ctx.db.query(
    `UPDATE accounts SET company_name = COALESCE($2, company_name), contact_name = COALESCE($3, contact_name),
       authority = COALESCE($4, authority), updated_at = now() WHERE id = $1`,
    [id, input.companyName ?? null, input.contactName ?? null, input.authority ?? null],
  );
  await accountsChanged(ctx, [id]);
  return presentAccount((await findAccountById(ctx.db, id)) as AccountRow);
}

/** Deletes (soft) an account below the caller, with its subtree's sessions ended. Never oneself. */
export async function deleteAccount(ctx: AppContext, actor: Actor, id: number) {
  assertCanEdit(actor);
  const row = await scopedAccount(ctx, actor, id);
  if (row.id === actor.id || row.id === actor.ownerId) throw forbidden();
  const ids = await ctx.db.tx(async (q) => {
    const subtree = await q.query<{ id: number }>('SELECT id FROM accounts WHERE path LIKE $1 AND deleted_at IS NULL', [`${row.path}%`]);
    for (const a of subtree) await endAllSessions(q, a.id);
    await q.query('UPDATE accounts SET deleted_at = now() WHERE path LIKE $1 AND deleted_at IS NULL', [`${row.path}%`]);
    return subtree.map((a) => a.id);
  });
  await accountsChanged(ctx, ids);
}

const TRANSITIONS: Record<string, { to: string; from: string[]; content: string }> = {
  pause: { to: 'SUSPENDED', from: ['ACTIVE'], content: 'paused' },
  resume: { to: 'ACTIVE', from: ['SUSPENDED'], content: 'resumed' },
  terminate: { to: 'TERMINATED', from: ['ACTIVE', 'SUSPENDED', 'INACTIVE'], content: 'terminated' },
};

/**
 * Contract transitions (back-office.md 4): pause, resume, terminate. Terminate is permanent and ends
 * every session of the account and of its staff; each change is kept in the contract history.
 */
export async function changeContract(ctx: AppContext, actor: Actor, id: number, action: keyof typeof TRANSITIONS) {
  assertCanEdit(actor);
  const row = await scopedAccount(ctx, actor, id);
  if (row.id === actor.id || row.id === actor.ownerId) throw forbidden();
  const t = TRANSITIONS[action];
  if (!t?.from.includes(row.contract_status)) throw conflict('server.conflict', 'INVALID_TRANSITION');
  const ids = await ctx.db.tx(async (q) => {
    await q.query('UPDATE accounts SET contract_status = $2, updated_at = now() WHERE id = $1', [id, t.to]);
    await q.query(
      'INSERT INTO contract_history (account_id, executor_id, process_content, from_status, to_status) VALUES ($1, $2, $3, $4, $5)',
      [id, actor.id, t.content, row.contract_status, t.to],
    );
    const affected = await q.query<{ id: number }>("SELECT id FROM accounts WHERE id = $1 OR (parent_id = $1 AND type = 'SUB_ADMIN')", [
      id,
    ]);
    if (t.to !== 'ACTIVE') for (const a of affected) await endAllSessions(q, a.id);
    return affected.map((a) => a.id);
  });
  await accountsChanged(ctx, ids);
  return presentAccount((await findAccountById(ctx.db, id)) as AccountRow);
}
