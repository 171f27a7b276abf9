import {
  idParams,
  surveyLangQuery,
  surveyListQuery,
  surveyListResponse,
  surveyQuestionsResponse,
  surveyResponseResponse,
  visitorBody,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { requestLang } from '../../http/lang.js';
import { idempotencyKey, registerSurveyScreen, visitOf } from '../enduser/service.js';
import type { App } from '../module.js';
import { surveyCookies, surveyScreen } from './screen.js';
import { listForSite, questionsOf, submitResponse } from './service.js';

const tags = ['end-user', 'survey'];

export async function surveySitesRoutes(app: App, ctx: AppContext): Promise<void> {
  registerSurveyScreen(surveyScreen);

  app.get(
    '/api/v1/end-user/survey',
    { schema: { tags, querystring: surveyListQuery, response: { 200: surveyListResponse } } },
    async (req) => listForSite(ctx, req.query),
  );

  app.get(
    '/api/v1/end-user/survey/:id/questions',
    { schema: { tags, params: idParams, querystring: surveyLangQuery, response: { 200: surveyQuestionsResponse } } },
    async (req) => questionsOf(ctx, req.params.id, req.query.lang),
  );

  app.post(
    '/api/v1/end-user/survey/:id/response',
    { schema: { tags, params: idParams, body: visitorBody, response: { 201: surveyResponseResponse } } },
    async (req, reply) => {
      const r = await submitResponse(ctx, req.params.id, req.body, {
        ip: req.ip,
        idempotencyKey: idempotencyKey(req),
        cookies: surveyCookies(req),
        visit: visitOf(req),
      });
      if (r.replayed) reply.header('idempotent-replayed', 'true');
      return reply
        .code(201)
        .send({ id: r.id, score: r.score, createdAt: r.createdAt, message: translate(requestLang(req), 'enduser.survey_sent') });
    },
  );
}
