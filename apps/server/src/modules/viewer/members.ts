import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMember as memberOfRequest } from '../enduser/service.js';

/**
 * The member behind an end-user token for this site: the token must be of kind end-user for the
 * site, and its member must exist, be ACTIVE and carry the same token version (logout ends it).
 */
export async function requireMember(ctx: AppContext, req: FastifyRequest, siteId: number): Promise<{ memberId: number }> {
  const m = await memberOfRequest(ctx, req, siteId);
  return { memberId: Number(m.id) };
}
