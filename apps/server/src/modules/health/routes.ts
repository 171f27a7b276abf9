import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/health', { schema: { tags: ['health'] } }, async (_req, reply) => {
    try {
      await ctx.db.query('SELECT 1');
      return { status: 'ok', database: ctx.db.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: ctx.db.kind });
    }
  });
}
