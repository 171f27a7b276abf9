import { email, previewSecurity } from '@swipe/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import { idParams } from '../../http/schemas.js';
import { listShares, revokeShares, setPreviewPassword, shareSite, shareStatus } from './service.js';

const tags = ['preview-share'];
const security = [{ bearer: [] }];

/** Operator calls (operator token, admin origin) even though the paths say preview. */
export async function previewShareRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  const id = (req: { params: unknown }) => (req.params as { id: number }).id;
  app.post(
    '/preview/site/:id/share',
    { schema: { tags, security, params: idParams, body: z.object({ emails: z.array(email).min(1).max(50) }) } },
    async (req) => shareSite(ctx, actorOf(req), id(req), (req.body as { emails: string[] }).emails, requestLang(req)),
  );
  app.get('/preview/site/:id/share', { schema: { tags, security, params: idParams } }, async (req) =>
    listShares(ctx, actorOf(req), id(req)),
  );
  app.put(
    '/preview/site/:id/share/revoke',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: z.object({ emails: z.array(z.string().trim().min(1).max(254)).max(200).default([]), resendAll: z.boolean().default(false) }),
      },
    },
    async (req) => {
      const b = req.body as { emails: string[]; resendAll: boolean };
      return revokeShares(ctx, actorOf(req), id(req), b.emails, b.resendAll, requestLang(req));
    },
  );
  app.post('/preview/site/:id/share/set-password', { schema: { tags, security, params: idParams, body: previewSecurity } }, async (req) =>
    setPreviewPassword(ctx, actorOf(req), id(req), req.body as { password: string; previewSecurity: boolean }, requestLang(req)),
  );
  app.get('/preview/site/:id/share/status', { schema: { tags, security, params: idParams } }, async (req) =>
    shareStatus(ctx, actorOf(req), id(req)),
  );
}
