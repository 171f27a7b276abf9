import {
  createSiteBody,
  idParams,
  messageResponse,
  savedSite,
  saveSiteBody,
  siteCsvQuery,
  siteDetail,
  siteList,
  siteListQuery,
  siteSummary,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { revisionRoutes } from './revisions.routes.js';
import * as sites from './service.js';

const tags = ['sites'];
const security = [{ bearer: [] }];

/** The site editor's calls (back-office.md 4-6): each route calls one service function. */
export async function siteRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  await revisionRoutes(app, ctx);
  app.get('/sites', { schema: { tags, security, querystring: siteListQuery, response: { 200: siteList } } }, async (req) =>
    sites.listSites(ctx, actorOf(req), req.query),
  );
  app.get(
    '/sites/export-csv',
    { schema: { tags, security, querystring: siteCsvQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const lang = requestLang(req);
      const csv = await sites.exportSitesCsv(ctx, actorOf(req), req.query, (k) => translate(lang, k));
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sites-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.post('/sites', { schema: { tags, security, body: createSiteBody, response: { 201: siteSummary } } }, async (req, reply) =>
    reply.status(201).send(await sites.createSite(ctx, actorOf(req), req.body)),
  );
  app.get('/sites/:id', { schema: { tags, security, params: idParams, response: { 200: siteDetail } } }, async (req) =>
    sites.getSite(ctx, actorOf(req), req.params.id),
  );
  // Answers with the saved document (the shape of GET /sites/{id}) and a translated message.
  app.put(
    '/sites/:id',
    { schema: { tags, security, params: idParams, body: saveSiteBody, response: { 200: savedSite } } },
    async (req) => ({
      ...(await sites.saveSite(ctx, actorOf(req), req.params.id, req.body.action, req.body.document)),
      message: translate(requestLang(req), 'server.update_success'),
    }),
  );
  app.delete('/sites/:id', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await sites.deleteSite(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });
}
