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

/** Checks without counting (login: only failures count, through countFailure). */
export async function overLimit(kv: Kv, key: string, limit: Limit): Promise<boolean> {
  return (await kv.peek(stored(key))) >= limit.max;
}
export async function countFailure(kv: Kv, key: string, limit: Limit): Promise<void> {
  await kv.incr(stored(key), limit.windowSeconds);
}
/** Forgets the failures under a key (after a successful login). */
export async function clearFailures(kv: Kv, key: string): Promise<void> {
  await kv.reset(stored(key));
}
