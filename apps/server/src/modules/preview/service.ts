import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, unauthorized } from '../../errors.js';
import { bearer } from '../../http/auth.js';
import { sha256 } from '../../lib/crypto.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { clearFailures, countFailure, type Limit, overLimit } from '../../lib/ratelimit.js';
import { PREVIEW_TTL_S } from '../../lib/tokens.js';
import type { PublishedSite } from '../published/service.js';
import { readSiteDocument } from '../sites/read.js';
import { findSite } from '../sites/repo.js';
import { planOf } from '../sites/service.js';

// Preview access (viewer.md 2, 4, 6): an invited e-mail (preview_shares, not revoked) plus the site's
// passcode (sites.preview_password_hash) gives a preview token for that site only. The token carries
// the share id and a fingerprint of the passcode hash: revoking the share or changing the passcode
// ends every preview session at once.

export const PREVIEW_COOKIE = 'swipe_pv';
const FAIL_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };

interface ShareRow {
  id: number;
  email: string;
  revoked_at: string | null;
}

/** A number that changes whenever the passcode changes (the token version of preview tokens). */
export function passcodeVersion(hash: string | null): number {
  return hash ? Number.parseInt(sha256(hash).slice(0, 8), 16) : -1;
}

async function passcodeHash(ctx: AppContext, siteId: number): Promise<string | null | undefined> {
  const r = await ctx.db.maybeOne<{ preview_password_hash: string | null }>(
    'SELECT preview_password_hash FROM sites WHERE id = $1 AND deleted_at IS NULL',
    [siteId],
  );
  return r ? r.preview_password_hash : undefined;
}

const loginFailed = () => new AppError(401, 'PREVIEW_LOGIN_FAILED', 'enduser.preview_login_failed');

/** Checks the invited e-mail and the passcode; answers alike for an unknown e-mail and a wrong passcode. */
async function checkCredentials(ctx: AppContext, siteId: number, email: string, password: string): Promise<ShareRow | null> {
  const [hash, share] = await Promise.all([
    passcodeHash(ctx, siteId),
    ctx.db.maybeOne<ShareRow>('SELECT id, email, revoked_at FROM preview_shares WHERE site_id = $1 AND lower(email) = lower($2)', [
      siteId,
      email.trim(),
    ]),
  ]);
  if (!hash || !share || share.revoked_at) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(hash, password)) ? share : null;
}

export async function previewLogin(ctx: AppContext, siteId: number, email: string, password: string, ip: string) {
  const key = `pv:fail:${siteId}:${email.trim().toLowerCase()}`;
  if (await overLimit(ctx.kv, key, FAIL_LIMIT)) throw new AppError(429, 'TOO_MANY_REQUESTS', 'server.too_many_requests');
  const share = await checkCredentials(ctx, siteId, email, password);
  if (!share) {
    await countFailure(ctx.kv, key, FAIL_LIMIT);
    ctx.log.info({ siteId, ip }, 'preview login refused');
    throw loginFailed();
  }
  await clearFailures(ctx.kv, key);
  const hash = (await passcodeHash(ctx, siteId)) ?? null;
  const accessToken = await ctx.tokens.sign(
    { kind: 'preview', siteId },
    { sub: String(share.id), tv: passcodeVersion(hash), email: share.email },
    PREVIEW_TTL_S,
  );
  return { accessToken, tokenType: 'Bearer', expiresIn: PREVIEW_TTL_S };
}

/** The share a preview token stands for, or null (other site, revoked, passcode changed, expired). */
export async function verifyPreviewToken(ctx: AppContext, siteId: number, token: string | undefined): Promise<ShareRow | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verify({ kind: 'preview', siteId }, token);
  if (!claims || !/^\d{1,15}$/.test(claims.sub)) return null;
  const [share, hash] = await Promise.all([
    ctx.db.maybeOne<ShareRow>('SELECT id, email, revoked_at FROM preview_shares WHERE id = $1 AND site_id = $2', [
      Number(claims.sub),
      siteId,
    ]),
    passcodeHash(ctx, siteId),
  ]);
  if (!share || share.revoked_at || !hash || passcodeVersion(hash) !== claims.tv) return null;
  return share;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Authorises a preview call: a preview token (bearer, or the preview cookie on the preview page), or
 * the invited e-mail and passcode in headers (x-preview-email with password / x-preview-password).
 */
export async function requirePreview(ctx: AppContext, req: FastifyRequest, siteId: number): Promise<ShareRow> {
  const token = bearer(req) ?? req.cookies?.[PREVIEW_COOKIE];
  if (token) {
    const share = await verifyPreviewToken(ctx, siteId, token);
    if (share) return share;
  }
  const password = header(req, 'x-preview-password') ?? header(req, 'password');
  const email = header(req, 'x-preview-email');
  if (password && email) {
    const share = await checkCredentials(ctx, siteId, email, password);
    if (share) return share;
    throw loginFailed();
  }
  throw unauthorized('server.token_invalid', 'PREVIEW_TOKEN_INVALID');
}

/** The site's working copy shaped like a publication, so the viewer's presenters and renderer can draw it. */
export async function workingCopy(ctx: AppContext, siteId: number): Promise<PublishedSite | null> {
  const row = await findSite(ctx.db, siteId);
  if (!row) return null;
  const [document, plan] = await Promise.all([readSiteDocument(ctx.db, row), planOf(ctx.db, row.account_id)]);
  return {
    siteId: row.id,
    uuid: row.uuid,
    version: row.publish_version,
    publishedAt: new Date(row.updated_at).toISOString(),
    isDefault: row.is_default,
    customDomain: null,
    pathPrefix: row.path_prefix,
    defaultLanguage: document.defaultLanguage,
    languages: document.languages,
    planFlags: plan.flags,
    document,
  };
}
