import { domainSaved, domainState, idParams, setDomainBody } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { getDomain, removeDomain, setDomain, verifyNow } from './service.js';

export { domainJobs } from './jobs.js';

const tags = ['sites'];
const security = [{ bearer: [] }];

/** The custom-domain wizard: enter the domain, copy the CNAME value, add it at the provider, finish. */
export async function domainRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get('/sites/:id/domain', { schema: { tags, security, params: idParams, response: { 200: domainState } } }, async (req) =>
    getDomain(ctx, actorOf(req), req.params.id),
  );
  app.put(
    '/sites/:id/domain',
    { schema: { tags, security, params: idParams, body: setDomainBody, response: { 200: domainSaved } } },
    async (req) => ({
      ...(await setDomain(ctx, actorOf(req), req.params.id, req.body.domain)),
      message: translate(requestLang(req), 'sites.domain_saved'),
    }),
  );
  app.delete('/sites/:id/domain', { schema: { tags, security, params: idParams, response: { 200: domainState } } }, async (req) =>
    removeDomain(ctx, actorOf(req), req.params.id),
  );
  app.post('/sites/:id/domain/verify', { schema: { tags, security, params: idParams, response: { 200: domainState } } }, async (req) =>
    verifyNow(ctx, actorOf(req), req.params.id),
  );
}
