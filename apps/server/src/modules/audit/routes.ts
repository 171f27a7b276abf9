import { auditList, idParams, pageQuery } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import type { App } from '../module.js';
import { listSiteAudit } from './service.js';

/** GET /api/v1/sites/{id}/audit-log: who changed which operator code, when (hashes, not the code). */
export async function auditRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get(
    '/sites/:id/audit-log',
    { schema: { tags: ['sites'], security: [{ bearer: [] }], params: idParams, querystring: pageQuery, response: { 200: auditList } } },
    async (req) => listSiteAudit(ctx, actorOf(req), req.params.id, req.query),
  );
}
