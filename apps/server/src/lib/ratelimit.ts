import { tooMany } from '../errors.js';
import type { Kv } from './kv.js';

export interface Limit {
  max: number;
  windowSeconds: number;
}

// The one place that knows how limiter keys are stored: callers name a key ('login:ip:1.2.3.4'),
// never the prefix.
const PREFIX = 'rl:';
const stored = (key: string) => `${PREFIX}${key}`;

/** Counts one attempt under each key; throws 429 when any key is over its limit. */
export async function hitLimits(kv: Kv, hits: { key: string; limit: Limit }[]): Promise<void> {
  const counts = await Promise.all(hits.map((h) => kv.incr(stored(h.key), h.limit.windowSeconds)));
  if (counts.some((n, i) => n > (hits[i] as { limit: Limit }).limit.max)) throw tooMany();
}

/** Counts one attempt and says whether it is over the limit, without throwing (silent limits). */
export async function overAfterHit(kv: Kv, key: string, limit: Limit): Promise<boolean> {
  return (await kv.incr(stored(key), limit.windowSeconds)) > limit.max;
}

// Credential checks (operator login, the leads API) throttle failures, never successes: they ask whether any of
// their keys (an address, an account, a pair) is over its limit, count one failure under each key when a check
// fails, and forget a key when the owner gets in.

/** Checks without counting (only failures count, through countFailure). */
export async function overLimit(kv: Kv, key: string, limit: Limit): Promise<boolean> {
  return (await kv.peek(stored(key))) >= limit.max;
}
export async function countFailure(kv: Kv, key: string, limit: Limit): Promise<void> {
  await kv.incr(stored(key), limit.windowSeconds);
}

export interface LimitKey {
  key: string;
  limit: Limit;
}
/** Whether any key has reached its limit (counts nothing). */
export async function anyOverLimit(kv: Kv, keys: LimitKey[]): Promise<boolean> {
  for (const k of keys) if (await overLimit(kv, k.key, k.limit)) return true;
  return false;
}
/** One failure under each key. */
export async function countFailures(kv: Kv, keys: LimitKey[]): Promise<void> {
  for (const k of keys) await countFailure(kv, k.key, k.limit);
}
/** Forgets the failures under a key (after a successful login). */
export async function clearFailures(kv: Kv, key: string): Promise<void> {
  await kv.reset(stored(key));
}
