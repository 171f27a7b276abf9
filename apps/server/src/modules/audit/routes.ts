import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { idParams, pageQuery } from '../../http/schemas.js';
import { listSiteAudit } from './service.js';

/** GET /api/v1/sites/{id}/audit-log: who changed which operator code, when (hashes, not the code). */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get(
    '/sites/:id/audit-log',
    { schema: { tags: ['sites'], security: [{ bearer: [] }], params: idParams, querystring: pageQuery } },
    async (req) => {
      const q = req.query as z.infer<typeof pageQuery>;
      return listSiteAudit(ctx, actorOf(req), (req.params as { id: number }).id, q);
    },
  );
}
