import { eventsBody, eventsResponse, popupCountsParams, popupCountsResponse } from '@swipe/core';
import { EXPERIMENT_VISITOR_COOKIE } from '@swipe/core/experiments.ts';
import type { AppContext } from '../../context.js';
import type { App } from '../module.js';
import { countEvents, refusedEvents } from './metrics.js';
import { popupCounts, recordEvents, SESSION_COOKIE, sessionOf } from './service.js';
import { secondsToJapanMidnight } from './visitors.js';

export async function analyticsRoutes(app: App, ctx: AppContext): Promise<void> {
  // sendBeacon posts text/plain when given a string: read it as JSON too, with Fastify's own JSON parser, so a
  // body that is not JSON is the client's 400 (INVALID_JSON), never a server error.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    '/api/v1/end-user/events',
    { schema: { tags: ['end-user'], body: eventsBody, response: { 202: eventsResponse } }, bodyLimit: 64 * 1024 },
    async (req, reply) => {
      const { sid, fresh } = sessionOf(req.cookies[SESSION_COOKIE]);
      // refused whole (429): counted, then answered by the error handler
      const recorded = refusedEvents(req.body.events.length);
      const r = await recordEvents(
        ctx,
        { ip: req.ip, sid, fresh, headers: req.headers, host: req.hostname, experimentVisitor: req.cookies[EXPERIMENT_VISITOR_COOKIE] },
        req.body.events,
      ).catch(recorded);
      // the visitor cookie only once an id of theirs is stored (never for bots, preview, DNT or GPC), until the
      // end of the Japan day: the next day is another visitor (visitors.ts)
      if (fresh && r.identified)
        reply.setCookie(SESSION_COOKIE, sid, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.config.sitesUrl.startsWith('https:'),
          maxAge: secondsToJapanMidnight(ctx.clock.now()),
        });
      countEvents(req.body.events.length, r.accepted);
      return reply.code(202).send({ accepted: r.accepted });
    },
  );

  // Live applicant counts (the published snapshot holds the count as of publishing).
  app.get(
    '/api/v1/end-user/site/:siteId/popup-cta',
    { schema: { tags: ['end-user'], params: popupCountsParams, response: { 200: popupCountsResponse } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return popupCounts(ctx, req.params.siteId);
    },
  );
}
