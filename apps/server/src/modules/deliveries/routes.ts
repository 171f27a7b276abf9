import { deliveryBody, deliveryList, deliveryListQuery, deliverySiteParams, deliveryView, idParams, messageResponse } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { createDelivery, deleteDelivery, getDelivery, listDeliveries, updateDelivery } from './service.js';

const tags = ['notification-delivery'];
const security = [{ bearer: [] }];

/** The banner notifications of one site (admin origin, /api/v1), scoped to the site's tenant (404 outside). */
export async function deliveryRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get(
    '/sites/:siteId/notification-deliveries',
    { schema: { tags, security, params: deliverySiteParams, querystring: deliveryListQuery, response: { 200: deliveryList } } },
    async (req) => listDeliveries(ctx, actorOf(req), req.params.siteId, req.query),
  );
  app.post(
    '/sites/:siteId/notification-deliveries',
    { schema: { tags, security, params: deliverySiteParams, body: deliveryBody, response: { 201: deliveryView } } },
    async (req, reply) => reply.code(201).send(await createDelivery(ctx, actorOf(req), req.params.siteId, req.body)),
  );
  app.get('/notification-deliveries/:id', { schema: { tags, security, params: idParams, response: { 200: deliveryView } } }, async (req) =>
    getDelivery(ctx, actorOf(req), req.params.id),
  );
  app.put(
    '/notification-deliveries/:id',
    { schema: { tags, security, params: idParams, body: deliveryBody, response: { 200: deliveryView } } },
    async (req) => updateDelivery(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete(
    '/notification-deliveries/:id',
    { schema: { tags, security, params: idParams, response: { 200: messageResponse } } },
    async (req) => {
      await deleteDelivery(ctx, actorOf(req), req.params.id);
      return { message: translate(requestLang(req), 'server.delivery_deleted') };
    },
  );
}
