import { translate } from '@swipe/i18n';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../errors.js';
import { bearer } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import { END_USER_TTL_S } from '../../lib/tokens.js';
import { bumpMemberTokenVersion } from './repo/session.js';
import { findMemberById, type MemberRow } from './repo.js';

export type { MemberRow };

/** An end-user token for one site (audience end-user:{siteId}); sub = site_members.id, tv = token_version. */
export function signMemberToken(ctx: AppContext, member: Pick<MemberRow, 'id' | 'site_id' | 'token_version'>): Promise<string> {
  return ctx.tokens.sign(
    { kind: 'end-user', siteId: member.site_id },
    { sub: String(member.id), tv: member.token_version },
    END_USER_TTL_S,
  );
}

/**
 * The active member a token stands for on this site, or null. A token of another site fails on its
 * audience; a disabled or re-keyed member fails on status and token version.
 */
export async function verifyMemberToken(ctx: AppContext, siteId: number, token: string | undefined): Promise<MemberRow | null> {
  if (!token) return null;
  const claims = await ctx.tokens.verify({ kind: 'end-user', siteId }, token);
  if (!claims || !/^\d{1,15}$/.test(claims.sub)) return null;
  const m = await findMemberById(ctx.db, siteId, Number(claims.sub));
  if (m?.status !== 'ACTIVE' || m.token_version !== claims.tv) return null;
  return m;
}

/** The member of the request's bearer token, or 401 (the client then clears its stored token). */
export async function requireMember(ctx: AppContext, req: FastifyRequest, siteId: number): Promise<MemberRow> {
  const m = await verifyMemberToken(ctx, siteId, bearer(req));
  if (!m) throw unauthorized('server.token_invalid', 'TOKEN_INVALID');
  return m;
}

/**
 * Member sign-out: the bearer's member gets a new token version, so this token and every other one
 * issued to that member for this site stop working (member tokens are stateless: there is no single
 * session to end). Answers alike with no token or a dead one: the visitor is signed out either way.
 */
export async function signOutMember(ctx: AppContext, req: FastifyRequest, siteId: number): Promise<{ message: string }> {
  const m = await verifyMemberToken(ctx, siteId, bearer(req));
  if (m) await ctx.db.tx((q) => bumpMemberTokenVersion(q, siteId, Number(m.id)));
  return { message: translate(requestLang(req), 'server.member_signed_out') };
}
