import type { AppContext } from '../../context.js';
import { ByteCache, jsonBytes, perContext } from '../../lib/bytecache.js';
import { randomToken } from '../../lib/crypto.js';
import type { AccountRow } from './actor.js';
import { findAccountById } from './repo.js';

// Every operator call needs its account (token version, contract status, scope). A short in-process
// cache keeps that off the database; a stamp in the shared kv (Redis at scale) changes whenever the
// account changes, so a logout or termination in one process is seen by all at the next request.

const TTL_MS = 10_000;
/** At most this many bytes of account rows in process (lib/bytecache.ts): a few thousand signed-in accounts. */
export const ACCOUNT_CACHE_BYTES = 8 * 1024 * 1024;
type Entry = { row: AccountRow | undefined; stamp: string | null };
const cacheOf = perContext(() => new ByteCache<Entry>('accounts', ACCOUNT_CACHE_BYTES, jsonBytes, TTL_MS));

export async function loadAccount(ctx: AppContext, id: number): Promise<AccountRow | undefined> {
  const cache = cacheOf(ctx);
  const stamp = await ctx.kv.get(`acct:${id}`);
  const hit = cache.get(String(id));
  if (hit && hit.stamp === stamp) return hit.row;
  const row = await findAccountById(ctx.db, id);
  cache.set(String(id), { row, stamp });
  return row;
}

/** Call after the transaction that changed these accounts has committed. */
export async function accountsChanged(ctx: AppContext, ids: number[]): Promise<void> {
  const cache = cacheOf(ctx);
  for (const id of ids) {
    cache.delete(String(id));
    await ctx.kv.set(`acct:${id}`, randomToken(6), 30 * 24 * 3600);
  }
}
