import type { AppContext } from '../../context.js';
import { anyOverLimit, clearFailures, countFailures, type Limit, overLimit } from '../../lib/ratelimit.js';

/**
 * Login throttling (decisions.md "Operator login throttling"). Failures count per e-mail + IP pair
 * (5 in 15 minutes), per IP (30 in 15 minutes) and per e-mail from anywhere (a slower ceiling, 50 in an
 * hour). The per-e-mail ceiling holds back only addresses the account has not signed in from: the
 * owner, from an address they used before, is never locked out by a stranger's failures elsewhere.
 * Unknown e-mails are counted like real ones, so the throttle says nothing about which exist.
 */
export const LOGIN_LIMIT_PAIR: Limit = { max: 5, windowSeconds: 15 * 60 };
export const LOGIN_LIMIT_IP: Limit = { max: 30, windowSeconds: 15 * 60 };
export const LOGIN_LIMIT_ACCOUNT: Limit = { max: 50, windowSeconds: 60 * 60 };
const KNOWN_IP_TTL_S = 90 * 24 * 3600;

function keys(email: string, ip: string) {
  const e = email.trim().toLowerCase();
  return { pair: `login:pair:${e}|${ip}`, ip: `login:ip:${ip}`, account: `login:acct:${e}`, known: `login:known:${e}|${ip}` };
}

/** Whether this attempt may go ahead (checked before the password, so a refused try costs no hash). */
export async function loginAllowed(ctx: AppContext, email: string, ip: string): Promise<boolean> {
  const k = keys(email, ip);
  if (
    await anyOverLimit(ctx.kv, [
      { key: k.pair, limit: LOGIN_LIMIT_PAIR },
      { key: k.ip, limit: LOGIN_LIMIT_IP },
    ])
  )
    return false;
  if (!(await overLimit(ctx.kv, k.account, LOGIN_LIMIT_ACCOUNT))) return true;
  return (await ctx.kv.get(k.known)) !== null;
}

export async function loginFailed(ctx: AppContext, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  await countFailures(ctx.kv, [
    { key: k.pair, limit: LOGIN_LIMIT_PAIR },
    { key: k.ip, limit: LOGIN_LIMIT_IP },
    { key: k.account, limit: LOGIN_LIMIT_ACCOUNT },
  ]);
}

/** A successful login: this pair starts afresh and the address becomes one the account is known from. */
export async function loginSucceeded(ctx: AppContext, email: string, ip: string): Promise<void> {
  const k = keys(email, ip);
  await clearFailures(ctx.kv, k.pair);
  await ctx.kv.set(k.known, '1', KNOWN_IP_TTL_S);
}
