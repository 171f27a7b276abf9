import {
  experimentCreateBody,
  experimentDetail,
  experimentList,
  experimentPromoteBody,
  experimentResults,
  experimentSiteParams,
  experimentUpdateBody,
  idParams,
  messageResponse,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import {
  createExperiment,
  deleteExperiment,
  experimentResultsCsv,
  getExperiment,
  listExperiments,
  promoteVariation,
  experimentResults as results,
  transitionExperiment,
  updateExperiment,
} from './service.js';

const tags = ['experiments'];
const security = [{ bearer: [] }];
const actionParams = idParams.extend({ action: z.enum(['start', 'pause', 'resume', 'stop']) });

/** Experiments of a site (admin origin, /api/v1): scoped to the site's tenant (404 outside), plan flag `experiments`. */
export async function experimentRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get(
    '/sites/:siteId/experiments',
    { schema: { tags, security, params: experimentSiteParams, response: { 200: experimentList } } },
    async (req) => listExperiments(ctx, actorOf(req), req.params.siteId),
  );
  app.post(
    '/sites/:siteId/experiments',
    { schema: { tags, security, params: experimentSiteParams, body: experimentCreateBody, response: { 201: experimentDetail } } },
    async (req, reply) => reply.code(201).send(await createExperiment(ctx, actorOf(req), req.params.siteId, req.body)),
  );
  app.get('/experiments/:id', { schema: { tags, security, params: idParams, response: { 200: experimentDetail } } }, async (req) =>
    getExperiment(ctx, actorOf(req), req.params.id),
  );
  app.put(
    '/experiments/:id',
    { schema: { tags, security, params: idParams, body: experimentUpdateBody, response: { 200: experimentDetail } } },
    async (req) => updateExperiment(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/experiments/:id', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await deleteExperiment(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.experiment_deleted') };
  });
  app.post(
    '/experiments/:id/:action',
    { schema: { tags, security, params: actionParams, response: { 200: experimentDetail } } },
    async (req) => transitionExperiment(ctx, actorOf(req), req.params.id, req.params.action),
  );
  app.post(
    '/experiments/:id/promote',
    { schema: { tags, security, params: idParams, body: experimentPromoteBody, response: { 200: experimentDetail } } },
    async (req) => promoteVariation(ctx, actorOf(req), req.params.id, req.body.variationId),
  );
  app.get('/experiments/:id/results', { schema: { tags, security, params: idParams, response: { 200: experimentResults } } }, async (req) =>
    results(ctx, actorOf(req), req.params.id),
  );
  app.get(
    '/experiments/:id/results/export-csv',
    { schema: { tags, security, params: idParams, response: { 200: z.string() } } },
    async (req, reply) => {
      const lang = requestLang(req);
      const csv = await experimentResultsCsv(ctx, actorOf(req), req.params.id, (k) => translate(lang, k));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="experiment-${req.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
