import { type AccountType, CHILD_TYPES } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { conflict, fieldError, forbidden, notFound } from '../../errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { type AccountRow, type Actor, assertCanEdit, assertInScope, scopeSql } from './actor.js';
import { accountsChanged } from './cache.js';
import {
  findOemMasterAbove,
  listAccountRows,
  recordContractHistory,
  setContractStatus,
  softDeleteAccounts,
  subtreeIds,
  updateAccountFields,
} from './manage.repo.js';
import { findPlan } from './plans.repo.js';
import { presentAccount } from './presenter.js';
import { bumpTokenVersion, emailTaken, findAccountById, insertAccount } from './repo.js';

// What other modules use of accounts (they never read the accounts or plans tables themselves).
export { type AccountRow, type Actor, actorFromRow } from './actor.js';
export { accountsChanged, loadAccount } from './cache.js';
export { setPassword as setAccountPassword, touchLastLogin } from './manage.repo.js';
export { NO_PLAN, PLATFORM_LIMITS, type PlanLimits, planLimitsOf } from './plans.js';
export { presentAccount } from './presenter.js';
export {
  type AccountBrief,
  accountCompanyMatchesSql,
  accountInSubtreeSql,
  bumpTokenVersion,
  findAccountByEmail,
  findAccountById,
  getAccountBrief,
  getAccountBriefs,
  lockAccount,
} from './repo.js';

/** An account the actor may see: itself or its subtree (a sub-admin: its parent's subtree). Else 404. */
async function scopedAccount(ctx: AppContext, actor: Actor, id: number): Promise<AccountRow> {
  const row = await findAccountById(ctx.db, id);
  if (!row) throw notFound();
  assertInScope(actor, row.path);
  return row;
}

/** The actor itself, its owner (a sub-admin's parent) and anything above: never changed by the actor. */
function isSelfOrAbove(actor: Actor, row: AccountRow): boolean {
  return row.id === actor.id || row.id === actor.ownerId || actor.scopePath.startsWith(row.path);
}

export async function getAccount(ctx: AppContext, actor: Actor, id: number) {
  return presentAccount(await scopedAccount(ctx, actor, id));
}

export async function listAccounts(
  ctx: AppContext,
  actor: Actor,
  p: { search?: string; page: number; pageSize: number; type?: AccountType },
) {
  const { rows, total } = await listAccountRows(ctx.db, {
    scopeParam: scopeSql(actor, 'a.path', 1).param,
    excludeId: actor.id,
    search: p.search,
    type: p.type,
    limit: p.pageSize,
    offset: (p.page - 1) * p.pageSize,
  });
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

/**
 * A plan the creator may assign (decisions.md "Plan assignment"): staff take their parent's plan (none
 * of their own); inside an OEM master's subtree only that OEM master's own plans; elsewhere (the
 * platform master's children) only the platform's plans. Anything else, unknown ids included, is 422.
 */
async function assertAssignablePlan(q: Queryable, actor: Actor, type: AccountType, planId: number | null | undefined): Promise<void> {
  if (planId === null || planId === undefined) return;
  const invalid = () => fieldError('planId', 'validation.plan_not_assignable');
  if (type === 'SUB_ADMIN') throw invalid();
  const plan = await findPlan(q, planId);
  if (!plan) throw invalid();
  const oemMaster = await findOemMasterAbove(q, actor.ownerId);
  const owner = plan.owner_account_id === null ? null : Number(plan.owner_account_id);
  if (owner !== oemMaster) throw invalid();
}

/** Creates a child account of the caller's tenant; the type must be one the caller's type may create. */
export async function createAccount(ctx: AppContext, actor: Actor, input: CreateAccountInput) {
  assertCanEdit(actor);
  if (!CHILD_TYPES[actor.effectiveType].includes(input.type)) throw forbidden();
  // Staff never get more authority than the one creating them has.
  if (input.authority === 'EDIT' && actor.authority !== 'EDIT') throw forbidden();
  const passwordHash = await hashPassword(input.password);
  return ctx.db.tx(async (q) => {
    await assertAssignablePlan(q, actor, input.type, input.planId);
    if (await emailTaken(q, input.email)) throw conflict('validation.email_taken', 'EMAIL_TAKEN');
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
    await recordContractHistory(q, { accountId: row.id, executorId: actor.id, content: 'created', to: 'ACTIVE', planId: input.planId });
    return presentAccount(row);
  });
}

/**
 * Edits an account below the caller. Its own profile names are the caller's to change too, but never
 * its own authority, nor anything of its owner or the accounts above (issue 13, point 2).
 */
export async function updateAccount(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { companyName?: string; contactName?: string; authority?: 'VIEW' | 'EDIT' },
) {
  assertCanEdit(actor);
  const row = await scopedAccount(ctx, actor, id);
  if (row.contract_status === 'TERMINATED') throw forbidden('server.account_terminated', 'ACCOUNT_TERMINATED');
  if (row.id !== actor.id && isSelfOrAbove(actor, row)) throw forbidden();
  if (input.authority && row.id === actor.id) throw forbidden();
  await ctx.db.tx((q) => updateAccountFields(q, id, input));
  await accountsChanged(ctx, [id]);
  return presentAccount((await findAccountById(ctx.db, id)) as AccountRow);
}

/** Deletes (soft) an account below the caller, with its subtree's sessions ended. Never oneself. */
export async function deleteAccount(ctx: AppContext, actor: Actor, id: number) {
  assertCanEdit(actor);
  const row = await scopedAccount(ctx, actor, id);
  if (isSelfOrAbove(actor, row)) throw forbidden();
  const ids = await ctx.db.tx(async (q) => {
    const subtree = await subtreeIds(q, row.path);
    await bumpTokenVersion(q, subtree);
    await softDeleteAccounts(q, subtree);
    return subtree;
  });
  await accountsChanged(ctx, ids);
}

const TRANSITIONS: Record<string, { to: string; from: string[]; content: string }> = {
  pause: { to: 'SUSPENDED', from: ['ACTIVE'], content: 'paused' },
  resume: { to: 'ACTIVE', from: ['SUSPENDED'], content: 'resumed' },
  terminate: { to: 'TERMINATED', from: ['ACTIVE', 'SUSPENDED', 'INACTIVE'], content: 'terminated' },
};

/**
 * Contract transitions (back-office.md 4): pause, resume, terminate. Terminate is permanent. The whole
 * subtree (staff included) follows the account's status at login and on every call (repo.ts
 * chain_status); pausing or terminating also ends the sessions of the account and its staff.
 */
export async function changeContract(ctx: AppContext, actor: Actor, id: number, action: keyof typeof TRANSITIONS) {
  assertCanEdit(actor);
  const row = await scopedAccount(ctx, actor, id);
  if (isSelfOrAbove(actor, row)) throw forbidden();
  const t = TRANSITIONS[action];
  if (!t?.from.includes(row.contract_status)) throw conflict('server.conflict', 'INVALID_TRANSITION');
  const ids = await ctx.db.tx(async (q) => {
    await setContractStatus(q, id, t.to);
    await recordContractHistory(q, { accountId: id, executorId: actor.id, content: t.content, from: row.contract_status, to: t.to });
    const subtree = await subtreeIds(q, row.path);
    if (t.to !== 'ACTIVE') await bumpTokenVersion(q, subtree);
    return subtree;
  });
  await accountsChanged(ctx, ids);
  return presentAccount((await findAccountById(ctx.db, id)) as AccountRow);
}
export { anyAccountExists, insertAccount, insertPlans, type NewPlan, recordContractHistory } from './demo.repo.js';
