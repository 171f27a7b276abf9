import {
  idParams,
  messageResponse,
  moveToLatestBody,
  moveToLatestResult,
  planBody,
  planCsvQuery,
  planDetail,
  planList,
  planListQuery,
  planSaved,
  planView,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import * as plans from './manage.js';

// Plan management (back-office.md 2 /{userTypeId}/plan-management): list, show with its versions,
// create, edit (in place or as a new version), archive or restore, delete an unused one, move accounts to the latest.

const tags = ['plans'];
const security = [{ bearer: [] }];

export async function planRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get('/plans', { schema: { tags, security, querystring: planListQuery, response: { 200: planList } } }, async (req) =>
    plans.listPlans(ctx, actorOf(req), req.query),
  );
  app.get(
    '/plans/export-csv',
    { schema: { tags, security, querystring: planCsvQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const lang = requestLang(req);
      const csv = await plans.exportPlansCsv(ctx, actorOf(req), req.query, (k) => translate(lang, k));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="plans-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get('/plans/:id', { schema: { tags, security, params: idParams, response: { 200: planDetail } } }, async (req) =>
    plans.getPlan(ctx, actorOf(req), req.params.id),
  );
  app.post('/plans', { schema: { tags, security, body: planBody, response: { 201: planView } } }, async (req, reply) =>
    reply.status(201).send(await plans.createPlan(ctx, actorOf(req), req.body)),
  );
  app.put('/plans/:id', { schema: { tags, security, params: idParams, body: planBody, response: { 200: planSaved } } }, async (req) =>
    plans.updatePlan(ctx, actorOf(req), req.params.id, req.body),
  );
  app.post('/plans/:id/archive', { schema: { tags, security, params: idParams, response: { 200: planView } } }, async (req) =>
    plans.archivePlan(ctx, actorOf(req), req.params.id, true),
  );
  app.post('/plans/:id/restore', { schema: { tags, security, params: idParams, response: { 200: planView } } }, async (req) =>
    plans.archivePlan(ctx, actorOf(req), req.params.id, false),
  );
  app.delete('/plans/:id', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await plans.deletePlan(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });
  app.post(
    '/plans/:id/move-to-latest',
    { schema: { tags, security, params: idParams, body: moveToLatestBody, response: { 200: moveToLatestResult } } },
    async (req) => plans.moveToLatest(ctx, actorOf(req), req.params.id, req.body.accountId),
  );
}
