import {
  idParams,
  messageResponse,
  surveyAdminList,
  surveyAdminListQuery,
  surveyBody,
  surveyChoices,
  surveyDetail,
  surveyResponseList,
  surveyResponseQuery,
  surveySiteParams,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import {
  createSurveyAdmin,
  deleteSurveyAdmin,
  exportResponsesCsv,
  getSurveyAdmin,
  listResponsesAdmin,
  listSurveysAdmin,
  surveyChoicesForSite,
  updateSurveyAdmin,
} from './operator.js';

const tags = ['survey'];
const security = [{ bearer: [] }];

/** The operators' survey calls (admin origin, /api/v1), scoped to the caller's subtree (404 outside). */
export async function surveyOperatorRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get('/surveys', { schema: { tags, security, querystring: surveyAdminListQuery, response: { 200: surveyAdminList } } }, async (req) =>
    listSurveysAdmin(ctx, actorOf(req), req.query),
  );
  app.post('/surveys', { schema: { tags, security, body: surveyBody, response: { 201: surveyDetail } } }, async (req, reply) =>
    reply.code(201).send(await createSurveyAdmin(ctx, actorOf(req), req.body)),
  );
  app.get('/surveys/:id', { schema: { tags, security, params: idParams, response: { 200: surveyDetail } } }, async (req) =>
    getSurveyAdmin(ctx, actorOf(req), req.params.id),
  );
  app.put(
    '/surveys/:id',
    { schema: { tags, security, params: idParams, body: surveyBody, response: { 200: surveyDetail } } },
    async (req) => updateSurveyAdmin(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/surveys/:id', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await deleteSurveyAdmin(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.survey_deleted') };
  });
  app.get(
    '/sites/:siteId/surveys',
    { schema: { tags, security, params: surveySiteParams, response: { 200: surveyChoices } } },
    async (req) => surveyChoicesForSite(ctx, actorOf(req), req.params.siteId),
  );
  app.get(
    '/sites/:siteId/survey-responses',
    { schema: { tags, security, params: surveySiteParams, querystring: surveyResponseQuery, response: { 200: surveyResponseList } } },
    async (req) => listResponsesAdmin(ctx, actorOf(req), req.params.siteId, req.query),
  );
  app.get(
    '/sites/:siteId/survey-responses/export-csv',
    { schema: { tags, security, params: surveySiteParams, querystring: surveyResponseQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const csv = await exportResponsesCsv(ctx, actorOf(req), req.params.siteId, req.query, requestLang(req));
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="survey-responses-${req.params.siteId}-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
