import { healthResponse } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { App } from '../module.js';

export async function healthRoutes(app: App, ctx: AppContext): Promise<void> {
  app.get(
    '/api/v1/health',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: healthResponse } } },
    async (_req, reply) => {
      try {
        await ctx.db.ping();
        return { status: 'ok' as const, database: ctx.db.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: ctx.db.kind });
      }
    },
  );
}
