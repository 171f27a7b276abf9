import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../errors.js';
import { bearer } from '../../http/auth.js';

/**
 * The member behind an end-user token for this site: the token must be of kind end-user for the
 * site, and its member must exist, be ACTIVE and carry the same token version (logout ends it).
 */
export async function requireMember(ctx: AppContext, req: FastifyRequest, siteId: number): Promise<{ memberId: number }> {
  const token = bearer(req);
  if (!token) throw unauthorized();
  const claims = await ctx.tokens.verify({ kind: 'end-user', siteId }, token);
  if (!claims || !/^\d{1,15}$/.test(claims.sub)) throw unauthorized('server.token_invalid', 'TOKEN_INVALID');
  const row = await ctx.db.maybeOne<{ id: number }>(
    "SELECT id FROM site_members WHERE id = $1 AND site_id = $2 AND status = 'ACTIVE' AND token_version = $3",
    [Number(claims.sub), siteId, claims.tv],
  );
  if (!row) throw unauthorized('server.token_invalid', 'TOKEN_INVALID');
  return { memberId: Number(row.id) };
}
