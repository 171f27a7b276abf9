import {
  idParams,
  liveStateResponse,
  previewTicketBody,
  previewTicketResponse,
  revokeBody,
  revokeResponse,
  setPreviewPasswordBody,
  setPreviewPasswordResponse,
  shareBody,
  shareList,
  shareResponse,
  shareStatusResponse,
} from '@swipe/core';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { listShares, liveState, mintPreviewTicket, revokeShares, setPreviewPassword, shareSite, shareStatus } from './service.js';

const tags = ['preview-share'];
const security = [{ bearer: [] }];

/** Operator calls (operator token, admin origin) even though the paths say preview. */
export async function previewShareRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.post(
    '/preview/site/:id/share',
    { schema: { tags, security, params: idParams, body: shareBody, response: { 200: shareResponse } } },
    async (req) => shareSite(ctx, actorOf(req), req.params.id, req.body.emails, requestLang(req)),
  );
  app.get('/preview/site/:id/share', { schema: { tags, security, params: idParams, response: { 200: shareList } } }, async (req) =>
    listShares(ctx, actorOf(req), req.params.id),
  );
  app.put(
    '/preview/site/:id/share/revoke',
    { schema: { tags, security, params: idParams, body: revokeBody, response: { 200: revokeResponse } } },
    async (req) => revokeShares(ctx, actorOf(req), req.params.id, req.body, requestLang(req)),
  );
  app.post(
    '/preview/site/:id/share/set-password',
    { schema: { tags, security, params: idParams, body: setPreviewPasswordBody, response: { 200: setPreviewPasswordResponse } } },
    async (req) => setPreviewPassword(ctx, actorOf(req), req.params.id, req.body, requestLang(req)),
  );
  app.get(
    '/preview/site/:id/share/status',
    { schema: { tags, security, params: idParams, response: { 200: shareStatusResponse } } },
    async (req) => shareStatus(ctx, actorOf(req), req.params.id),
  );
  app.get(
    '/preview/site/:id/share/live',
    { schema: { tags, security, params: idParams, response: { 200: liveStateResponse } } },
    async (req) => liveState(ctx, actorOf(req), req.params.id),
  );
  app.post(
    '/preview/site/:id/share/ticket',
    { schema: { tags, security, params: idParams, body: previewTicketBody, response: { 200: previewTicketResponse } } },
    async (req) => mintPreviewTicket(ctx, actorOf(req), req.params.id, req.body.lang, requestLang(req), req.body.revision),
  );
}
