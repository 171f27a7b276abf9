import { CONTRACT_MIN_MONTHS, type ContractAction, type ContractHistoryContent, japanDay } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { type AccountRow, type Actor, assertCanEdit, assertInScope, assertMenu } from '../accounts/actor.js';
import { accountsChanged, plansChanged } from '../accounts/cache.js';
import {
  accountClosed,
  applyDates,
  applyNextPlans,
  bumpVersions,
  type ContractRow,
  insertHistory,
  liveSubtree,
  lockContract,
  setStatus,
  softDelete,
  subtreesOf,
} from './repo.js';
import { presentAccount } from '../accounts/presenter.js';
import { findAccountById } from '../accounts/repo.js';

// Contract transitions (back-office.md 4, decisions.md "Contracts"): pause, resume, terminate, delete,
// the daily contract-dates rule (INACTIVE) and next month's plans. Every change writes its
// contract_history row in the transaction that makes it; executor null is the system.

/** A day plus whole months; the day of month is clamped (2024-02-29 + 12 months = 2025-02-28). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The first day a contract may be terminated (start + 12 months), or null when it has no start date. */
export function earliestTermination(c: Pick<ContractRow, 'contract_start'>): string | null {
  return c.contract_start ? addMonths(c.contract_start, CONTRACT_MIN_MONTHS) : null;
}

/** INACTIVE means outside the contract dates (before the start or after the end day, in Japan). */
export function outsideDates(c: Pick<ContractRow, 'contract_start' | 'contract_end'>, today: string): boolean {
  return (c.contract_start !== null && today < c.contract_start) || (c.contract_end !== null && today > c.contract_end);
}

const invalidTransition = () => new AppError(409, 'INVALID_TRANSITION', 'server.contract_invalid_transition');

/** The status an action leads to from the current one, or 409 (nothing ever leaves TERMINATED). */
function target(action: ContractAction, c: ContractRow, today: string): string {
  const s = c.contract_status;
  if (action === 'pause' && s === 'ACTIVE') return 'SUSPENDED';
  if (action === 'resume' && s === 'SUSPENDED') return outsideDates(c, today) ? 'INACTIVE' : 'ACTIVE';
  if (action === 'terminate' && s !== 'TERMINATED') return 'TERMINATED';
  throw invalidTransition();
}

const CONTENT: Record<ContractAction, ContractHistoryContent> = { pause: 'paused', resume: 'resumed', terminate: 'terminated' };

/** An account the actor may see (itself or its subtree), or 404. */
async function scoped(ctx: AppContext, actor: Actor, id: number): Promise<AccountRow> {
  const row = await findAccountById(ctx.db, id);
  if (!row) throw notFound();
  assertInScope(actor, row.path);
  return row;
}

/** The actor, its owner (a staff member's) and everything above: never changed by the actor. */
function selfOrAbove(actor: Actor, row: AccountRow): boolean {
  return row.id === actor.id || row.id === actor.ownerId || actor.scopePath.startsWith(row.path);
}

/**
 * Who may change this account at all (403 otherwise): never itself or above; its own staff through
 * the admin settings entry (a main contact with edit authority among staff), customers through the user list.
 */
function assertMayChange(actor: Actor, row: AccountRow): void {
  assertCanEdit(actor);
  if (selfOrAbove(actor, row)) throw forbidden();
  const ownStaff = row.type === 'SUB_ADMIN' && Number(row.parent_id) === actor.ownerId;
  assertMenu(actor, ownStaff ? 'admin_settings' : 'user_list');
}

/** Terminated or deleted (itself or an owner above): its information is read-only. */
export function assertContractOpen(row: Pick<AccountRow, 'contract_status' | 'chain_status'>): void {
  if (row.contract_status === 'TERMINATED' || row.chain_status === 'TERMINATED')
    throw forbidden('server.account_terminated', 'ACCOUNT_TERMINATED');
}

type ClosedHandler = (ctx: AppContext, accountIds: number[]) => Promise<void>;
const closedHandlers: ClosedHandler[] = [];
/**
 * Called after accounts were terminated or deleted (their subtrees' sites stop being served): the
 * published module registers how it drops what it cached (accounts never imports it).
 */
export function onAccountsClosed(handler: ClosedHandler): void {
  closedHandlers.push(handler);
}
/** Runs the registered handlers (the own-account deletion of profile.ts closes accounts too). */
export async function closed(ctx: AppContext, ids: number[]): Promise<void> {
  for (const h of closedHandlers) await h(ctx, ids);
}

/** True when an account or an owner above it is terminated or deleted: its sites are not served. */
export function isAccountClosed(q: Queryable, id: number): Promise<boolean> {
  return accountClosed(q, id);
}

/**
 * PUT /user/{id}/contract. Pause ACTIVE -> SUSPENDED; resume SUSPENDED -> ACTIVE (INACTIVE outside the
 * contract dates); terminate from any state but TERMINATED, permanent, refused inside the minimum
 * period (422) unless the platform master overrides. Pausing or terminating ends the subtree's sessions.
 */
export async function changeContract(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { action: ContractAction; override?: boolean },
  now = new Date(),
) {
  const row = await scoped(ctx, actor, id);
  assertMayChange(actor, row);
  if (body.override && actor.type !== 'MASTER') throw forbidden('server.contract_override_master_only', 'OVERRIDE_NOT_ALLOWED');
  const today = japanDay(now);
  const done = await ctx.db.tx(async (q) => {
    const c = await lockContract(q, id);
    if (!c) throw notFound();
    const to = target(body.action, c, today);
    let content = CONTENT[body.action];
    const earliest = body.action === 'terminate' ? earliestTermination(c) : null;
    if (earliest && today < earliest) {
      if (!body.override) throw new AppError(422, 'CONTRACT_MINIMUM_PERIOD', 'server.contract_minimum_period', { date: earliest });
      content = 'terminated_override';
    }
    await setStatus(q, id, to);
    await insertHistory(q, [{ accountId: id, executorId: actor.id, content, from: c.contract_status, to }]);
    const subtree = (await liveSubtree(q, c.path)).map((r) => Number(r.id));
    if (to !== 'ACTIVE') await bumpVersions(q, subtree);
    return { subtree, to };
  });
  await accountsChanged(ctx, done.subtree);
  if (done.to === 'TERMINATED') await closed(ctx, [id]);
  return presentAccount((await findAccountById(ctx.db, id)) as AccountRow);
}

/**
 * DELETE /user/{id}: soft-deletes the account and its whole subtree from any state (a history row each);
 * every session of theirs ends and their sites stop being served (410). Never oneself or above.
 */
export async function deleteAccount(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const row = await scoped(ctx, actor, id);
  assertMayChange(actor, row);
  const ids = await ctx.db.tx(async (q) => {
    const c = await lockContract(q, id);
    if (!c) throw notFound();
    const subtree = await liveSubtree(q, c.path);
    const ids = subtree.map((r) => Number(r.id));
    await softDelete(q, ids);
    await insertHistory(
      q,
      subtree.map((r) => ({
        accountId: Number(r.id),
        executorId: actor.id,
        content: 'deleted',
        from: r.contract_status,
        to: r.contract_status,
      })),
    );
    return ids;
  });
  await accountsChanged(ctx, ids);
  await closed(ctx, ids);
}

/**
 * The daily job's rule (run shortly after 00:00 in Japan): ACTIVE <-> INACTIVE by the contract dates,
 * one history row per change (executor null). Becoming INACTIVE ends the subtree's sessions like a
 * pause. Idempotent: a second run the same day changes nothing.
 */
export async function applyContractDates(ctx: AppContext, now = new Date()): Promise<{ inactive: number; activated: number }> {
  const today = japanDay(now);
  const r = await ctx.db.tx(async (q) => {
    const changed = await applyDates(q, today);
    await insertHistory(
      q,
      changed.map((c) => ({
        accountId: Number(c.id),
        executorId: null,
        content: c.to_status === 'INACTIVE' ? 'inactive' : 'activated',
        from: c.from_status,
        to: c.to_status,
      })),
    );
    const subtrees = await subtreesOf(
      q,
      changed.map((c) => c.path),
    );
    const ended = await subtreesOf(
      q,
      changed.filter((c) => c.to_status === 'INACTIVE').map((c) => c.path),
    );
    await bumpVersions(q, ended);
    return { changed, subtrees };
  });
  await accountsChanged(ctx, r.subtrees);
  const inactive = r.changed.filter((c) => c.to_status === 'INACTIVE').length;
  return { inactive, activated: r.changed.length - inactive };
}

/** The monthly job's rule (00:00 in Japan on the 1st): next month's plan becomes the plan. Idempotent. */
export async function applyPlanChanges(ctx: AppContext): Promise<{ changed: number }> {
  const rows = await ctx.db.tx(async (q) => {
    const changed = await applyNextPlans(q);
    await insertHistory(
      q,
      changed.map((c) => ({
        accountId: Number(c.id),
        executorId: null,
        content: 'plan_changed',
        from: c.contract_status,
        to: c.contract_status,
        planId: Number(c.plan_id),
      })),
    );
    return {
      changed,
      subtrees: await subtreesOf(
        q,
        changed.map((c) => c.path),
      ),
    };
  });
  // staff follow their owner's plan: their cached rows change too
  await accountsChanged(ctx, rows.subtrees);
  // visitors of their sites get the new plan's features at once
  if (rows.changed.length > 0) await plansChanged(ctx, rows.subtrees);
  return { changed: rows.changed.length };
}
