import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { sha256 } from '../../lib/crypto.js';
import { hitLimits, type Limit } from '../../lib/ratelimit.js';

/**
 * Throttles of the visitor posts, per IP and per site (issue 4, abuse). ENDUSER_RATE_MULTIPLIER scales
 * every maximum (load tests from one address set it high); it is read per call so tests can change it.
 */
export type Action = 'register' | 'resend' | 'login' | 'confirm' | 'contact' | 'homepage' | 'survey' | 'preview';
const LIMITS: Record<Action, { ip: Limit; site: Limit }> = {
  register: { ip: { max: 10, windowSeconds: 15 * 60 }, site: { max: 300, windowSeconds: 60 } },
  resend: { ip: { max: 10, windowSeconds: 15 * 60 }, site: { max: 300, windowSeconds: 60 } },
  login: { ip: { max: 30, windowSeconds: 15 * 60 }, site: { max: 600, windowSeconds: 60 } },
  confirm: { ip: { max: 30, windowSeconds: 15 * 60 }, site: { max: 600, windowSeconds: 60 } },
  contact: { ip: { max: 20, windowSeconds: 10 * 60 }, site: { max: 600, windowSeconds: 60 } },
  homepage: { ip: { max: 20, windowSeconds: 10 * 60 }, site: { max: 600, windowSeconds: 60 } },
  survey: { ip: { max: 20, windowSeconds: 10 * 60 }, site: { max: 600, windowSeconds: 60 } },
  preview: { ip: { max: 20, windowSeconds: 15 * 60 }, site: { max: 100, windowSeconds: 60 } },
};

function multiplier(): number {
  const m = Number(process.env.ENDUSER_RATE_MULTIPLIER ?? 1);
  return Number.isFinite(m) && m > 0 ? m : 1;
}
export function limitOf(action: Action, which: 'ip' | 'site'): Limit {
  const l = LIMITS[action][which];
  return { max: Math.ceil(l.max * multiplier()), windowSeconds: l.windowSeconds };
}

export async function throttle(ctx: AppContext, action: Action, ip: string, siteId: number): Promise<void> {
  await hitLimits(ctx.kv, [
    { key: `eu:${action}:ip:${ip}`, limit: limitOf(action, 'ip') },
    { key: `eu:${action}:site:${siteId}`, limit: limitOf(action, 'site') },
  ]);
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

/** Submissions keep a digest of the address, not the address. */
export function ipHash(ip: string): string {
  return sha256(`ip:${ip}`).slice(0, 32);
}
