import { tooMany } from '../errors.js';
import type { Kv } from './kv.js';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Counts one attempt under each key; throws 429 when any key is over its limit. */
export async function hitLimits(kv: Kv, hits: { key: string; limit: Limit }[]): Promise<void> {
  const counts = await Promise.all(hits.map((h) => kv.incr(`rl:${h.key}`, h.limit.windowSeconds)));
  if (counts.some((n, i) => n > (hits[i] as { limit: Limit }).limit.max)) throw tooMany();
}

/** Checks without counting (login: only failures count, through countFailure). */
export async function overLimit(kv: Kv, key: string, limit: Limit): Promise<boolean> {
  return (await kv.peek(`rl:${key}`)) >= limit.max;
}
export async function countFailure(kv: Kv, key: string, limit: Limit): Promise<void> {
  await kv.incr(`rl:${key}`, limit.windowSeconds);
}
