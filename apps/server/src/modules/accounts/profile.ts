import { type AccountView, japanDay } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, conflict, fieldError, tooMany, unauthorized } from '../../errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { clearFailures, countFailure, type Limit, overLimit } from '../../lib/ratelimit.js';
import { type AccountRow, type Actor, assertMenu } from './actor.js';
import { accountsChanged } from './cache.js';
import { closed, earliestTermination } from '../contracts/service.js';
import { recordContractHistory, softDeleteAccounts } from '../users/repo.js';
import { presentAccount } from './presenter.js';
import { bumpTokenVersion, findAccountById, lockAccount } from './repo.js';
import { hasLiveCustomers, setProfileImageUrl, staffIdsOf } from './repo/staff.js';

// The caller's own account (issue 9.7): its profile image (the bytes go through media's signed upload
// and content check; media calls setProfileImage once they passed) and deleting it.

/** Stores a checked profile image on the account, in the caller's (media's) transaction. */
export function setProfileImage(q: Queryable, accountId: number, url: string): Promise<void> {
  return setProfileImageUrl(q, accountId, url);
}

export async function removeProfileImage(ctx: AppContext, actor: Actor): Promise<AccountView> {
  assertMenu(actor, 'profile_image');
  await ctx.db.tx((q) => setProfileImageUrl(q, actor.id, null));
  await accountsChanged(ctx, [actor.id]);
  return presentAccount((await findAccountById(ctx.db, actor.id)) as AccountRow);
}

const day = (v: string | Date): string =>
  typeof v === 'string'
    ? v.slice(0, 10)
    : `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`;

/** Inside the 12-month minimum contract period (contracts.ts: from contract_start, Japan time): 422. */
function assertContractMinimumPassed(row: AccountRow, now = new Date()): void {
  const until = row.contract_start ? earliestTermination({ contract_start: day(row.contract_start) }) : null;
  if (until && japanDay(now) < until) throw new AppError(422, 'CONTRACT_MINIMUM_PERIOD', 'server.contract_minimum_period', { date: until });
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
  if (owner) assertContractMinimumPassed(row);
  const ids = await ctx.db.tx(async (q) => {
    await lockAccount(q, row.id);
    if (owner && (await hasLiveCustomers(q, row))) throw conflict('server.account_has_customers', 'ACCOUNT_HAS_CUSTOMERS');
    const all = owner ? [row.id, ...(await staffIdsOf(q, row.id))] : [row.id];
    await bumpTokenVersion(q, all);
    await softDeleteAccounts(q, all);
    if (owner)
      await recordContractHistory(q, {
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
