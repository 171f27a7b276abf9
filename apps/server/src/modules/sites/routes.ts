import { LANGUAGES, requiredString, SITE_STATUSES } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import { idParams, pageQuery } from '../../http/schemas.js';
import * as sites from './service.js';

const tags = ['sites'];
const security = [{ bearer: [] }];

export const createSiteBody = z.object({
  name: requiredString(),
  numberHorizontal: z.number().int().min(1, { error: 'validation.site_rows_cols_zero' }).max(26),
  numberVertical: z.number().int().min(1, { error: 'validation.site_rows_cols_zero' }).max(100),
  defaultLanguage: z.enum(LANGUAGES).default('ja'),
  languages: z.array(z.enum(LANGUAGES)).min(1).max(4).optional(),
  globalMenu: z.array(z.string().max(50)).optional(),
});

export async function siteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get(
    '/sites',
    { schema: { tags, security, querystring: pageQuery.extend({ status: z.enum([...SITE_STATUSES, 'ALL']).optional() }) } },
    async (req) => sites.listSites(ctx, actorOf(req), req.query as z.infer<typeof pageQuery> & { status?: string }),
  );
  app.get(
    '/sites/export-csv',
    {
      schema: {
        tags,
        security,
        querystring: z.object({ search: z.string().trim().max(100).optional(), status: z.enum([...SITE_STATUSES, 'ALL']).optional() }),
      },
    },
    async (req, reply) => {
      const lang = requestLang(req);
      const csv = await sites.exportSitesCsv(ctx, actorOf(req), req.query as { search?: string; status?: string }, (k) =>
        translate(lang, k),
      );
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sites-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.post('/sites', { schema: { tags, security, body: createSiteBody } }, async (req, reply) => {
    const b = req.body as z.infer<typeof createSiteBody>;
    const created = await sites.createSite(ctx, actorOf(req), { ...b, languages: b.languages ?? [b.defaultLanguage] });
    return reply.status(201).send(created);
  });
  app.get('/sites/:id', { schema: { tags, security, params: idParams } }, async (req) =>
    sites.getSite(ctx, actorOf(req), (req.params as { id: number }).id),
  );
  app.put(
    '/sites/:id',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: z.object({ action: z.enum(['draft', 'save', 'publish', 'private']).default('save'), document: z.unknown() }),
      },
    },
    async (req) => {
      const body = req.body as { action: sites.SaveAction; document: unknown };
      const saved = await sites.saveSite(ctx, actorOf(req), (req.params as { id: number }).id, body.action, body.document);
      return { ...saved, message: translate(requestLang(req), 'server.update_success') };
    },
  );
  app.delete('/sites/:id', { schema: { tags, security, params: idParams } }, async (req) => {
    await sites.deleteSite(ctx, actorOf(req), (req.params as { id: number }).id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });
}
