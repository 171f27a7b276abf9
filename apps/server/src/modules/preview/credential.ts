import { checkLogin } from '@swipe/core/forms.ts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, tooMany, unauthorized } from '../../errors.js';
import { bearer } from '../../http/auth.js';
import { sha256 } from '../../lib/crypto.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { clearFailures, countFailure, type Limit, overLimit } from '../../lib/ratelimit.js';
import { PREVIEW_TTL_S } from '../../lib/tokens.js';
import { activeShareByEmail, activeShareById, type ShareRow, ticketSubject } from '../previewshare/service.js';
import { previewPasscodeHash } from '../sites/service.js';

// Preview access (viewer.md 2, 4, 6): an invited e-mail (preview_shares, not revoked) plus the site's
// passcode (sites.preview_password_hash) gives a preview token for that site only. The token carries
// the share id and a fingerprint of the passcode hash: revoking the share or changing the passcode
// ends every preview session at once.
//
// Every way of presenting a passcode (the login call, the x-preview-email + password headers of the
// preview calls) goes through checkPreviewCredential, so they share one throttle (docs/decisions.md):
// failures count per site and e-mail and per IP; over either limit the check is refused with 429
// before any hash is computed.

export const PREVIEW_COOKIE = 'swipe_pv';
/** Failed passcodes for one invited e-mail of one site; a success clears it. */
export const PREVIEW_FAIL_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };
/** Failed passcodes from one address, whatever the site or e-mail. */
export const PREVIEW_IP_FAIL_LIMIT: Limit = { max: 20, windowSeconds: 15 * 60 };

/** A number that changes whenever the passcode changes (the token version of preview tokens). */
export function passcodeVersion(hash: string | null): number {
  return hash ? Number.parseInt(sha256(hash).slice(0, 8), 16) : -1;
}

const loginFailed = () => new AppError(401, 'PREVIEW_LOGIN_FAILED', 'enduser.preview_login_failed');

/** Checks the invited e-mail and the passcode; answers alike for an unknown site or e-mail and a wrong passcode. */
async function checkCredentials(ctx: AppContext, siteId: number, email: string, password: string) {
  const [hash, share] = await Promise.all([previewPasscodeHash(ctx.db, siteId), activeShareByEmail(ctx.db, siteId, email)]);
  if (!hash || !share) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(hash, password)) ? { share, hash } : null;
}

/**
 * The one check of a preview credential (invited e-mail + passcode), throttled: 429 while the site and
 * e-mail or the address is over its failure limit, 401 for a wrong pair (counted under both).
 */
export async function checkPreviewCredential(
  ctx: AppContext,
  siteId: number,
  email: string,
  password: string,
  ip: string,
): Promise<{ share: ShareRow; hash: string }> {
  const perEmail = `pv:fail:${siteId}:${email.trim().toLowerCase()}`;
  const perIp = `pv:fail:ip:${ip}`;
  const over = await Promise.all([overLimit(ctx.kv, perEmail, PREVIEW_FAIL_LIMIT), overLimit(ctx.kv, perIp, PREVIEW_IP_FAIL_LIMIT)]);
  if (over.some(Boolean)) throw tooMany();
  const found = await checkCredentials(ctx, siteId, email, password);
  if (!found) {
    await Promise.all([countFailure(ctx.kv, perEmail, PREVIEW_FAIL_LIMIT), countFailure(ctx.kv, perIp, PREVIEW_IP_FAIL_LIMIT)]);
    ctx.log.info({ siteId, ip }, 'preview passcode refused');
    throw loginFailed();
  }
  await clearFailures(ctx.kv, perEmail);
  return found;
}

/** A preview token (and its lifetime) for an invited e-mail with the right passcode. */
export async function issuePreviewToken(ctx: AppContext, siteId: number, email: string, password: string, ip: string) {
  const { share, hash } = await checkPreviewCredential(ctx, siteId, email, password, ip);
  const accessToken = await ctx.tokens.sign(
    { kind: 'preview', siteId },
    { sub: String(share.id), tv: passcodeVersion(hash), email: share.email },
    PREVIEW_TTL_S,
  );
  return { accessToken, tokenType: 'Bearer' as const, expiresIn: PREVIEW_TTL_S };
}

/** Who is previewing: an invitee (through its invitation) or a signed-in operator (through a ticket). */
export type PreviewViewer = { kind: 'invitee'; share: ShareRow } | { kind: 'operator'; accountId: number };

/** Lifetime of an operator's preview session (the ticket itself lives a minute). */
export const OPERATOR_PREVIEW_TTL_S = 2 * 3600;
const OPERATOR_SUB = /^op:(\d{1,15})$/;

/**
 * Who a preview token stands for, or null (other site, revoked, passcode changed, expired). Subjects keep
 * the kinds apart: a share id (invitee), `op:<account>` (operator session), `t:…` (a ticket: never a session).
 */
export async function verifyPreviewToken(ctx: AppContext, siteId: number, token: string | undefined): Promise<PreviewViewer | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verify({ kind: 'preview', siteId }, token);
  if (!claims) return null;
  const op = OPERATOR_SUB.exec(claims.sub);
  if (op) return { kind: 'operator', accountId: Number(op[1]) };
  if (!/^\d{1,15}$/.test(claims.sub)) return null;
  const [share, hash] = await Promise.all([activeShareById(ctx.db, siteId, Number(claims.sub)), previewPasscodeHash(ctx.db, siteId)]);
  if (!share || !hash || passcodeVersion(hash) !== claims.tv) return null;
  return { kind: 'invitee', share };
}

/**
 * Exchanges a back-office ticket (previewshare's mintPreviewTicket) for an operator preview session token:
 * the ticket must be for this site, unexpired and unused (single use through the kv, also across processes).
 * Any failure is the same 401, so nothing tells a forged ticket from a used one.
 */
export async function exchangePreviewTicket(
  ctx: AppContext,
  siteId: number,
  ticket: string,
): Promise<{ token: string; expiresIn: number }> {
  const claims = await ctx.tokens.verify({ kind: 'preview', siteId }, ticket);
  const t = claims ? ticketSubject(claims.sub) : null;
  if (!claims || !t) throw unauthorized('server.token_invalid', 'PREVIEW_TICKET_INVALID');
  const ttl = Math.max(1, claims.exp - Math.floor(Date.now() / 1000));
  if ((await ctx.kv.incr(`pv:ticket:${t.nonce}`, ttl)) !== 1) throw unauthorized('server.token_invalid', 'PREVIEW_TICKET_INVALID');
  const token = await ctx.tokens.sign({ kind: 'preview', siteId }, { sub: `op:${t.accountId}`, tv: 0 }, OPERATOR_PREVIEW_TTL_S);
  return { token, expiresIn: OPERATOR_PREVIEW_TTL_S };
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Authorises a preview call: a preview token (bearer, or the preview cookie on the preview page), or
 * the invited e-mail and passcode in headers (x-preview-email with password / x-preview-password),
 * checked and throttled like the login.
 */
export async function requirePreview(ctx: AppContext, req: FastifyRequest, siteId: number): Promise<PreviewViewer> {
  const token = bearer(req) ?? req.cookies?.[PREVIEW_COOKIE];
  if (token) {
    const viewer = await verifyPreviewToken(ctx, siteId, token);
    if (viewer) return viewer;
  }
  const password = header(req, 'x-preview-password') ?? header(req, 'password');
  const email = header(req, 'x-preview-email');
  if (password && email) {
    // the lock screen's rule (forms.ts): a malformed pair is the same failure, without a hash computed
    if (checkLogin(email, password).length > 0) throw loginFailed();
    return { kind: 'invitee', share: (await checkPreviewCredential(ctx, siteId, email.trim(), password, req.ip)).share };
  }
  throw unauthorized('server.token_invalid', 'PREVIEW_TOKEN_INVALID');
}
