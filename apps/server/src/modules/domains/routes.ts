import { domain } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import { idParams } from '../../http/schemas.js';
import { getDomain, removeDomain, setDomain, verifyDomainJob, verifyNow } from './service.js';

const tags = ['sites'];
const security = [{ bearer: [] }];

/** The custom-domain wizard: enter the domain, copy the CNAME value, add it at the provider, finish. */
export async function domainRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  const id = (req: { params: unknown }) => (req.params as { id: number }).id;
  app.get('/sites/:id/domain', { schema: { tags, security, params: idParams } }, async (req) => getDomain(ctx, actorOf(req), id(req)));
  app.put('/sites/:id/domain', { schema: { tags, security, params: idParams, body: z.object({ domain }) } }, async (req) => {
    const r = await setDomain(ctx, actorOf(req), id(req), (req.body as { domain: string }).domain);
    return { ...r, message: translate(requestLang(req), 'sites.domain_saved') };
  });
  app.delete('/sites/:id/domain', { schema: { tags, security, params: idParams } }, async (req) =>
    removeDomain(ctx, actorOf(req), id(req)),
  );
  app.post('/sites/:id/domain/verify', { schema: { tags, security, params: idParams } }, async (req) =>
    verifyNow(ctx, actorOf(req), id(req)),
  );
}

export const domainJobs = { 'domain.verify': (ctx: AppContext, payload: Record<string, unknown>) => verifyDomainJob(ctx, payload) };
