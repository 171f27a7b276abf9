import { auditList, idParams, pageQuery } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import type { App } from '../module.js';
import { listSiteAudit, type SiteInScope } from './service.js';

/**
 * GET /api/v1/sites/{id}/audit-log: who changed which operator code, when (hashes, not the code).
 * The site scope check comes from the sites module through modules/index.ts (sites records audit rows,
 * so audit must not import sites: no cycle).
 */
export function auditRoutes(siteInScope: SiteInScope) {
  return async (app: App, ctx: AppContext): Promise<void> => {
    requireOperator(app, ctx);
    app.get(
      '/sites/:id/audit-log',
      { schema: { tags: ['sites'], security: [{ bearer: [] }], params: idParams, querystring: pageQuery, response: { 200: auditList } } },
      async (req) => listSiteAudit(ctx, actorOf(req), req.params.id, req.query, siteInScope),
    );
  };
}
