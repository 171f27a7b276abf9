import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { hitLimits, type Limit } from '../../lib/ratelimit.js';

/**
 * Throttles of the visitor posts (against abuse, and fair per address). Three levels, checked in
 * order, and a level counts only the attempts the levels before it let through:
 * - per IP address;
 * - per network (/24 of IPv4, /48 of IPv6): one office or one attacker with a handful of neighbouring
 *   addresses shares one budget of a few addresses;
 * - per site: a ceiling over ten minutes that protects the destination inboxes. Attempts refused per
 *   IP or network never count here, so a handful of addresses cannot fill it: it takes more than a
 *   hundred distinct networks each at its own limit (docs/decisions.md).
 * ctx.config.enduserRateMultiplier (ENDUSER_RATE_MULTIPLIER) scales every maximum (load tests from one address).
 */
export type Action = 'register' | 'resend' | 'login' | 'confirm' | 'contact' | 'homepage' | 'survey';
type Level = 'ip' | 'net' | 'site';
const TEN_MINUTES = 10 * 60;
const QUARTER = 15 * 60;
const LIMITS: Record<Action, Record<Level, Limit>> = {
  register: {
    ip: { max: 10, windowSeconds: QUARTER },
    net: { max: 30, windowSeconds: QUARTER },
    site: { max: 3000, windowSeconds: TEN_MINUTES },
  },
  resend: {
    ip: { max: 10, windowSeconds: QUARTER },
    net: { max: 30, windowSeconds: QUARTER },
    site: { max: 3000, windowSeconds: TEN_MINUTES },
  },
  login: {
    ip: { max: 30, windowSeconds: QUARTER },
    net: { max: 90, windowSeconds: QUARTER },
    site: { max: 6000, windowSeconds: TEN_MINUTES },
  },
  confirm: {
    ip: { max: 30, windowSeconds: QUARTER },
    net: { max: 90, windowSeconds: QUARTER },
    site: { max: 6000, windowSeconds: TEN_MINUTES },
  },
  contact: {
    ip: { max: 20, windowSeconds: TEN_MINUTES },
    net: { max: 60, windowSeconds: TEN_MINUTES },
    site: { max: 6000, windowSeconds: TEN_MINUTES },
  },
  homepage: {
    ip: { max: 20, windowSeconds: TEN_MINUTES },
    net: { max: 60, windowSeconds: TEN_MINUTES },
    site: { max: 6000, windowSeconds: TEN_MINUTES },
  },
  survey: {
    ip: { max: 20, windowSeconds: TEN_MINUTES },
    net: { max: 60, windowSeconds: TEN_MINUTES },
    site: { max: 6000, windowSeconds: TEN_MINUTES },
  },
};

export function limitOf(ctx: AppContext, action: Action, which: Level): Limit {
  const l = LIMITS[action][which];
  return { max: Math.ceil(l.max * ctx.config.enduserRateMultiplier), windowSeconds: l.windowSeconds };
}

/** The network an address belongs to for throttling: its /24 (IPv4, also IPv4-mapped IPv6) or /48 (IPv6). */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const [head = ''] = ip.toLowerCase().split('::');
  const groups = head.split(':').filter(Boolean);
  while (groups.length < 3) groups.push('0');
  return `${groups.slice(0, 3).join(':')}::/48`;
}

export async function throttle(ctx: AppContext, action: Action, ip: string, siteId: number): Promise<void> {
  await hitLimits(ctx.kv, [{ key: `eu:${action}:ip:${ip}`, limit: limitOf(ctx, action, 'ip') }]);
  await hitLimits(ctx.kv, [{ key: `eu:${action}:net:${networkOf(ip)}`, limit: limitOf(ctx, action, 'net') }]);
  await hitLimits(ctx.kv, [{ key: `eu:${action}:site:${siteId}`, limit: limitOf(ctx, action, 'site') }]);
}

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
/** The client's idempotency key (header Idempotency-Key): absent, or 8 to 128 safe characters. */
export function idempotencyKey(req: FastifyRequest): string | null {
  const h = req.headers['idempotency-key'];
  const v = Array.isArray(h) ? h[0] : h;
  if (v === undefined || v === '') return null;
  if (!KEY.test(v)) throw new AppError(400, 'BAD_IDEMPOTENCY_KEY', 'enduser.bad_idempotency_key');
  return v;
}

/** Submissions keep a digest of the address keyed with the app secret (lib/tokens.ts), not the address. */
export function ipHash(ctx: AppContext, ip: string): string {
  return ctx.tokens.digest('submission-ip', ip).slice(0, 32);
}
