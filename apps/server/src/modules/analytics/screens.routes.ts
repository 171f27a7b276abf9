import {
  analysisQuery,
  analysisSettings,
  analysisSitesQuery,
  analysisSitesResponse,
  funnelResponse,
  heatmapQuery,
  heatmapResponse,
  idParams,
  lpChartResponse,
  lpResponse,
  pagesResponse,
  rankingResponse,
  referrersResponse,
  utmResponse,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import { assertCanEdit } from '../accounts/actor.js';
import type { App } from '../module.js';
import { lpCsv, pageCsv, rankingCsv } from './csv.js';
import { analysedSite, funnel, heatmap, lp, lpChart, pages, ranking, referrers, sitesWithFigures, utm } from './screens.js';
import { getSiteSettings, setSiteSettings } from './service.js';

// Per-site analytics and all sites, admin origin, prefix /api/v1/analysis.

const tags = ['analysis'];
const security = [{ bearer: [] }];
const csvSchema = { tags, security, params: idParams, querystring: analysisQuery, response: { 200: z.string() } };

function sendCsv(reply: FastifyReply, name: string, id: number, from: string, to: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${id}-${from}-${to}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export async function analysisRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  const q = { tags, security, params: idParams, querystring: analysisQuery };
  app.get('/site/:id/lp', { schema: { ...q, response: { 200: lpResponse } } }, async (req) =>
    lp(ctx, actorOf(req), req.params.id, req.query),
  );
  app.get('/site/:id/lp/chart', { schema: { ...q, response: { 200: lpChartResponse } } }, async (req) =>
    lpChart(ctx, actorOf(req), req.params.id, req.query),
  );
  app.get('/site/:id/pages', { schema: { ...q, response: { 200: pagesResponse } } }, async (req) =>
    pages(ctx, actorOf(req), req.params.id, req.query),
  );
  app.get('/site/:id/ranking', { schema: { ...q, response: { 200: rankingResponse } } }, async (req) =>
    ranking(ctx, actorOf(req), req.params.id, req.query),
  );
  app.get('/site/:id/funnel', { schema: { ...q, response: { 200: funnelResponse } } }, async (req) =>
    funnel(ctx, actorOf(req), req.params.id, req.query),
  );
  app.get(
    '/site/:id/heatmap',
    { schema: { tags, security, params: idParams, querystring: heatmapQuery, response: { 200: heatmapResponse } } },
    async (req) => heatmap(ctx, actorOf(req), req.params.id, req.query),
  );
  app.get('/site/:id/utm', { schema: { ...q, response: { 200: utmResponse } } }, async (req) =>
    utm(ctx, actorOf(req), req.params.id, req.query),
  );
  app.get('/site/:id/referrers', { schema: { ...q, response: { 200: referrersResponse } } }, async (req) =>
    referrers(ctx, actorOf(req), req.params.id, req.query),
  );
  app.get('/site/:id/lp/export-csv', { schema: csvSchema }, async (req, reply) => {
    const t = (k: string) => translate(requestLang(req), k);
    const body = await lpCsv(ctx, actorOf(req), req.params.id, req.query, t);
    return sendCsv(reply, 'lp', req.params.id, req.query.from, req.query.to, body);
  });
  app.get('/site/:id/page/export-csv', { schema: csvSchema }, async (req, reply) => {
    const t = (k: string) => translate(requestLang(req), k);
    const body = await pageCsv(ctx, actorOf(req), req.params.id, req.query, t);
    return sendCsv(reply, 'pages', req.params.id, req.query.from, req.query.to, body);
  });
  app.get('/site/:id/ranking/export-csv', { schema: csvSchema }, async (req, reply) => {
    const t = (k: string) => translate(requestLang(req), k);
    const body = await rankingCsv(ctx, actorOf(req), req.params.id, req.query, t);
    return sendCsv(reply, 'ranking', req.params.id, req.query.from, req.query.to, body);
  });
  app.get('/site/:id/settings', { schema: { tags, security, params: idParams, response: { 200: analysisSettings } } }, async (req) => {
    await analysedSite(ctx, actorOf(req), req.params.id);
    const s = await getSiteSettings(ctx, req.params.id);
    return { honorDnt: s.honorDnt };
  });
  app.put(
    '/site/:id/settings',
    { schema: { tags, security, params: idParams, body: analysisSettings, response: { 200: analysisSettings } } },
    async (req) => {
      const actor = actorOf(req);
      await analysedSite(ctx, actor, req.params.id);
      assertCanEdit(actor);
      const s = await setSiteSettings(ctx, req.params.id, req.body);
      return { honorDnt: s.honorDnt };
    },
  );
  app.get(
    '/sites',
    { schema: { tags, security, querystring: analysisSitesQuery, response: { 200: analysisSitesResponse } } },
    async (req) => sitesWithFigures(ctx, actorOf(req), req.query),
  );
}
