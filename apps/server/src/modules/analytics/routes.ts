import { eventsBody, eventsResponse, popupCountsParams, popupCountsResponse } from '@swipe/core';
import { SESSION_COOKIE_MAX_AGE_DAYS } from '@swipe/core/constants.ts';
import type { AppContext } from '../../context.js';
import type { App } from '../module.js';
import { popupCounts, recordEvents, SESSION_COOKIE, sessionOf } from './service.js';

export async function analyticsRoutes(app: App, ctx: AppContext): Promise<void> {
  // sendBeacon posts text/plain when given a string: read it as JSON too, with Fastify's own JSON parser, so a
  // body that is not JSON is the client's 400 (INVALID_JSON), never a server error.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    '/api/v1/end-user/events',
    { schema: { tags: ['end-user'], body: eventsBody, response: { 202: eventsResponse } }, bodyLimit: 64 * 1024 },
    async (req, reply) => {
      const { sid, fresh } = sessionOf(req.cookies[SESSION_COOKIE]);
      const r = await recordEvents(ctx, { ip: req.ip, sid, fresh, headers: req.headers }, req.body.events);
      // the visitor cookie only once something of theirs is stored (never for bots, preview or DNT)
      if (fresh && r.accepted > 0)
        reply.setCookie(SESSION_COOKIE, sid, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.config.sitesUrl.startsWith('https:'),
          maxAge: SESSION_COOKIE_MAX_AGE_DAYS * 24 * 3600,
        });
      return reply.code(202).send(r);
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
