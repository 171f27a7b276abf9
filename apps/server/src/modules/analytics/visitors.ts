import { createHmac, randomBytes } from 'node:crypto';
import { addDays, japanDay } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { scheduledJob } from '../../jobs/schedule.js';
import { ByteCache, perContext } from '../../lib/bytecache.js';
import { deleteSaltsBefore, saltOfDay } from './repo/salts.js';

// Daily visitor ids, as Plausible makes them: the browser keeps a random cookie id (swipe_sid, until the end
// of the Japan day), and only HMAC-SHA-256(salt of the day, site:cookie id) is stored. Each Japan day has its
// own random salt (analytics_salts), kept while its events may still arrive (today and yesterday: a batch's
// `at` is at most 24 h old) and deleted after that, so a browser's days cannot be linked and, once the salt
// is gone, nobody can recompute an id from a cookie. Business time is ctx.clock.

/** The first day whose salt is kept on `today` (yesterday). */
export const firstKeptSaltDay = (today: string): string => addDays(today, -1);

/** The stored id of a visitor on a site under a day's salt: 22 characters (128 bits). */
export function visitorId(salt: string, siteId: number, sid: string): string {
  return createHmac('sha256', salt).update(`${siteId}:${sid}`).digest('base64url').slice(0, 22);
}

// the salts of the days still kept (yesterday and today), bounded in bytes like every in-process cache
const cacheOf = perContext(() => new ByteCache<string>('analytics salts', 64 * 1024, (salt) => salt.length * 2));

/**
 * The salt of a Japan day, made when first asked for (and the salts before yesterday deleted with it); null for
 * a day before yesterday (its salt is gone and is never made again). With `q` (the caller's transaction: a
 * submission's) nothing is cached, since that transaction may roll back.
 */
export async function saltFor(ctx: AppContext, day: string, q?: Queryable): Promise<string | null> {
  const kept = firstKeptSaltDay(japanDay(ctx.clock.now()));
  if (day < kept) return null;
  const cache = cacheOf(ctx);
  const hit = cache.get(day);
  if (hit) return hit;
  const make = async (t: Queryable) => {
    await deleteSaltsBefore(t, kept);
    return saltOfDay(t, day, randomBytes(32).toString('base64url'));
  };
  if (q) return make(q);
  const salt = await ctx.db.tx(make);
  cache.deleteWhere((d) => d < kept);
  cache.set(day, salt);
  return salt;
}

/** Deletes the salts before yesterday (ctx.clock) and forgets them here: the daily privacy job. */
export async function forgetOldSalts(ctx: AppContext): Promise<{ deleted: number }> {
  const kept = firstKeptSaltDay(japanDay(ctx.clock.now()));
  const deleted = await ctx.db.tx((q) => deleteSaltsBefore(q, kept));
  cacheOf(ctx).deleteWhere((d) => d < kept);
  return { deleted };
}

/** Daily at 00:01 in Japan (ctx.clock): yesterday-but-one's salt goes even on a day without visitors. */
export const SALTS_JOB = 'analytics.salts';
export const saltsJob = scheduledJob(SALTS_JOB, { every: 'day', atMinutes: 1 }, (ctx) => forgetOldSalts(ctx));

/** Seconds from `now` to the next Japan midnight: the visitor cookie's life. */
export function secondsToJapanMidnight(now: Date): number {
  const next = Date.parse(`${addDays(japanDay(now), 1)}T00:00:00+09:00`);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}
