import { translate } from '@swipe/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requestLang } from '../../http/lang.js';
import { id, idParams } from '../../http/schemas.js';
import { idempotencyKey, registerSurveyScreen, throttle } from '../enduser/service.js';
import { surveyCookies, surveyScreen } from './screen.js';
import { listSurveys, type ResponseInput, respond, surveySiteId, surveyWithQuestions } from './service.js';

const tags = ['end-user', 'survey'];
const listFields = z.object({
  siteId: id,
  lang: z.string().max(10).optional(),
  surveyId: id.optional(),
  variationId: z.string().max(100).optional(),
});
const listQuery = listFields;
const langQuery = z.object({ lang: z.string().max(10).optional() });

export async function surveySitesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerSurveyScreen(surveyScreen);
  app.get('/api/v1/end-user/survey', { schema: { tags, querystring: listQuery } }, async (req) => {
    const q = req.query as z.infer<typeof listFields>;
    if (q.surveyId) {
      const one = await surveyWithQuestions(ctx, q.surveyId, q.lang, q.siteId);
      return { items: [one.survey], surveyData: one.survey };
    }
    const items = await listSurveys(ctx, q.siteId, q.lang);
    return { items, surveyData: items[0] ?? null };
  });

  app.get('/api/v1/end-user/survey/:id/questions', { schema: { tags, params: idParams, querystring: langQuery } }, async (req) => {
    const { id: surveyId } = req.params as { id: number };
    const r = await surveyWithQuestions(ctx, surveyId, (req.query as { lang?: string }).lang);
    return { surveyData: r.survey, listQuestions: r.questions };
  });

  app.post(
    '/api/v1/end-user/survey/:id/response',
    { schema: { tags, params: idParams, body: z.object({}).catchall(z.unknown()) } },
    async (req, reply) => {
      const { id: surveyId } = req.params as { id: number };
      const key = idempotencyKey(req);
      await throttle(ctx, 'survey', req.ip, await surveySiteId(ctx, surveyId));
      const r = await respond(ctx, surveyId, req.body as ResponseInput, { idempotencyKey: key, cookies: surveyCookies(req) });
      reply.status(201);
      if (r.replayed) reply.header('idempotent-replayed', 'true');
      return { id: r.id, score: r.score, createdAt: r.createdAt, message: translate(requestLang(req), 'enduser.survey_sent') };
    },
  );
}
