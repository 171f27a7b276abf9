import type { AppContext } from '../../context.js';
import { randomToken } from '../../lib/crypto.js';
import type { AccountRow } from './actor.js';
import { findAccountById } from './repo.js';

// Every operator call needs its account (token version, contract status, scope). A short in-process
// cache keeps that off the database; a stamp in the shared kv (Redis at scale) changes whenever the
// account changes, so a logout or termination in one process is seen by all at the next request.

const TTL_MS = 10_000;
type Entry = { row: AccountRow | undefined; stamp: string | null; at: number };
const caches = new WeakMap<AppContext, Map<number, Entry>>();

function cacheOf(ctx: AppContext): Map<number, Entry> {
  let c = caches.get(ctx);
  if (!c) {
    c = new Map();
    caches.set(ctx, c);
  }
  return c;
}

export async function loadAccount(ctx: AppContext, id: number): Promise<AccountRow | undefined> {
  const cache = cacheOf(ctx);
  const stamp = await ctx.kv.get(`acct:${id}`);
  const hit = cache.get(id);
  if (hit && hit.stamp === stamp && Date.now() - hit.at < TTL_MS) return hit.row;
  const row = await findAccountById(ctx.db, id);
  if (cache.size > 50_000) cache.clear();
  cache.set(id, { row, stamp, at: Date.now() });
  return row;
}

/** Call after the transaction that changed these accounts has committed. */
export async function accountsChanged(ctx: AppContext, ids: number[]): Promise<void> {
  const cache = cacheOf(ctx);
  for (const id of ids) {
    cache.delete(id);
    await ctx.kv.set(`acct:${id}`, randomToken(6), 30 * 24 * 3600);
  }
}
