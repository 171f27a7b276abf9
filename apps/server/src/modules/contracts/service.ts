import { CONTRACT_MIN_MONTHS, type ContractAction, type ContractHistoryContent, japanDay } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, conflict, fieldError, forbidden, notFound, tooMany, unauthorized } from '../../errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { clearFailures, countFailure, type Limit, overLimit } from '../../lib/ratelimit.js';
import { type AccountRow, type Actor, assertCanEdit, assertInScope, assertMenu } from '../accounts/actor.js';
import {
  accountClosed,
  accountsChanged,
  applyDates,
  bumpTokenVersion,
  type ContractRow,
  findAccountById,
  hasLiveCustomers,
  liveSubtree,
  lockAccount,
  lockContract,
  presentAccount,
  setStatus,
  softDelete,
  softDeleteAccounts,
  staffIdsOf,
  subtreesOf,
} from '../accounts/service.js';
import { type HistoryRow, insertHistory } from './repo.js';

// Contract transitions (back-office.md 4, decisions.md "Contracts"): pause, resume, terminate, delete (an operator's
// or one's own), the minimum period and the daily contract-dates rule (INACTIVE). Every change writes its
// contract_history row (this module's table) in the transaction that makes it; executor null is the system.

export type { HistoryRow } from './repo.js';

/**
 * Contract history rows executed at `at` (business time, ctx.clock), in the caller's transaction: every module that
 * changes a contract or a plan writes them here.
 */
export function recordHistory(q: Queryable, at: Date, rows: HistoryRow[]): Promise<void> {
  return insertHistory(q, at, rows);
}

/** One contract history row (an account created, a plan assigned, booked or cancelled). */
export function recordContractHistory(q: Queryable, at: Date, row: HistoryRow): Promise<void> {
  return insertHistory(q, at, [row]);
}

/** A day plus whole months; the day of month is clamped (2024-02-29 + 12 months = 2025-02-28). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The first day a contract may be terminated: 12 months after its start, or after the account's creation (a day in
 * Japan) where no start date is set, so no account ever leaves the minimum period by having no dates.
 */
export function earliestTermination(c: Pick<ContractRow, 'contract_start' | 'created_day'>): string {
  return addMonths(c.contract_start ?? c.created_day, CONTRACT_MIN_MONTHS);
}

/** INACTIVE means outside the contract dates (before the start or after the end day, in Japan). */
export function outsideDates(c: Pick<ContractRow, 'contract_start' | 'contract_end'>, today: string): boolean {
  return (c.contract_start !== null && today < c.contract_start) || (c.contract_end !== null && today > c.contract_end);
}

/**
 * The status a running contract has on `today` (a day in Japan): INACTIVE outside its dates, else ACTIVE. A new
 * account and an edit of the dates take it at once; the daily job (applyContractDates) moves the rest as days pass.
 */
export function statusByDates(c: { contract_start: string | null; contract_end: string | null }, today: string): 'ACTIVE' | 'INACTIVE' {
  return outsideDates(c, today) ? 'INACTIVE' : 'ACTIVE';
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
  now = ctx.clock.now(),
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
    // inside the minimum only with the override asked for (the dialog's checkbox) by the platform master
    if (earliest && today < earliest) {
      if (!body.override) throw new AppError(422, 'CONTRACT_MINIMUM_PERIOD', 'server.contract_minimum_period', { date: earliest });
      content = 'terminated_override';
    }
    await setStatus(q, id, to);
    await insertHistory(q, now, [{ accountId: id, executorId: actor.id, content, from: c.contract_status, to }]);
    const subtree = (await liveSubtree(q, c.path)).map((r) => Number(r.id));
    if (to !== 'ACTIVE') await bumpTokenVersion(q, subtree);
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
  const now = ctx.clock.now();
  const ids = await ctx.db.tx(async (q) => {
    const c = await lockContract(q, id);
    if (!c) throw notFound();
    const subtree = await liveSubtree(q, c.path);
    const ids = subtree.map((r) => Number(r.id));
    await softDelete(q, ids, now);
    await insertHistory(
      q,
      now,
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
export async function applyContractDates(ctx: AppContext, now = ctx.clock.now()): Promise<{ inactive: number; activated: number }> {
  const today = japanDay(now);
  const r = await ctx.db.tx(async (q) => {
    const changed = await applyDates(q, today);
    await insertHistory(
      q,
      now,
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
    await bumpTokenVersion(q, ended);
    return { changed, subtrees };
  });
  await accountsChanged(ctx, r.subtrees);
  const inactive = r.changed.filter((c) => c.to_status === 'INACTIVE').length;
  return { inactive, activated: r.changed.length - inactive };
}

/**
 * After an edit of an account's contract dates, in the editor's transaction: a running contract (ACTIVE or INACTIVE)
 * takes the status its dates give on `at`'s day at once, with its history row, instead of waiting for the daily job.
 * Becoming INACTIVE ends the subtree's sessions as the job does. Returns the accounts whose cached rows changed.
 */
export async function followDates(q: Queryable, at: Date, executorId: number, accountId: number): Promise<number[]> {
  const c = await lockContract(q, accountId);
  if (!c || (c.contract_status !== 'ACTIVE' && c.contract_status !== 'INACTIVE')) return [];
  const to = statusByDates(c, japanDay(at));
  if (to === c.contract_status) return [];
  await setStatus(q, accountId, to);
  await insertHistory(q, at, [
    { accountId, executorId, content: to === 'INACTIVE' ? 'inactive' : 'activated', from: c.contract_status, to },
  ]);
  const subtree = await subtreesOf(q, [c.path]);
  if (to === 'INACTIVE') await bumpTokenVersion(q, subtree);
  return subtree;
}

/** Inside the 12-month minimum contract period (from the start, or the creation without one; Japan time): 422. */
function assertContractMinimumPassed(row: AccountRow, now: Date): void {
  const until = earliestTermination({ contract_start: row.contract_start, created_day: japanDay(row.created_at) });
  if (japanDay(now) < until) throw new AppError(422, 'CONTRACT_MINIMUM_PERIOD', 'server.contract_minimum_period', { date: until });
}

/**
 * The password confirming a deletion is a credential check: failures count per account (5 in 15
 * minutes) and per IP (30 in 15 minutes), like the login's; over either the answer is 429 before
 * any hash is computed, the right password included. A success clears the account's count.
 */
export const DELETE_LIMIT_ACCOUNT: Limit = { max: 5, windowSeconds: 15 * 60 };
export const DELETE_LIMIT_IP: Limit = { max: 30, windowSeconds: 15 * 60 };

/**
 * Deletes (soft) the caller's own account after its password: never the platform master (menu matrix),
 * never an owner with live customer accounts below it (its own staff aside), never inside the minimum
 * contract period. An owner's staff go with it; every session of them all ends. A staff member deletes
 * only itself.
 */
export async function deleteOwnAccount(ctx: AppContext, actor: Actor, password: string, ip: string): Promise<void> {
  assertMenu(actor, 'delete_account');
  const keys = { account: `delete-account:acct:${actor.id}`, ip: `delete-account:ip:${ip}` };
  if ((await overLimit(ctx.kv, keys.account, DELETE_LIMIT_ACCOUNT)) || (await overLimit(ctx.kv, keys.ip, DELETE_LIMIT_IP))) throw tooMany();
  const row = await findAccountById(ctx.db, actor.id);
  if (!row) throw unauthorized();
  if (!row.password_hash || !(await verifyPassword(row.password_hash, password))) {
    await countFailure(ctx.kv, keys.account, DELETE_LIMIT_ACCOUNT);
    await countFailure(ctx.kv, keys.ip, DELETE_LIMIT_IP);
    throw fieldError('password', 'validation.password_incorrect');
  }
  await clearFailures(ctx.kv, keys.account);
  const owner = row.type !== 'SUB_ADMIN';
  const now = ctx.clock.now();
  if (owner) assertContractMinimumPassed(row, now);
  const ids = await ctx.db.tx(async (q) => {
    await lockAccount(q, row.id);
    if (owner && (await hasLiveCustomers(q, row))) throw conflict('server.account_has_customers', 'ACCOUNT_HAS_CUSTOMERS');
    const all = owner ? [row.id, ...(await staffIdsOf(q, row.id))] : [row.id];
    await bumpTokenVersion(q, all);
    await softDeleteAccounts(q, all, now);
    if (owner)
      await recordContractHistory(q, now, {
        accountId: row.id,
        executorId: actor.id,
        content: 'deleted',
        from: row.contract_status,
        to: row.contract_status,
      });
    return all;
  });
  await accountsChanged(ctx, ids);
  // its published sites stop being served, as after a deletion on the user screens
  await closed(ctx, ids);
}
