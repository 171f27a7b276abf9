import {
  apiSettingsBody,
  apiSettingsResponse,
  apiSettingsView,
  errorResponse,
  idParams,
  leadsPage,
  leadsParams,
  leadsQuery,
  webhookDelivery,
  webhookDeliveryDetail,
  webhookDeliveryList,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { leadsPage as readLeads } from './leads.js';
import { authenticateLeads } from './leads-auth.js';
import { getSettings, rotateApiKey, rotateWebhookSecret, saveSettings } from './settings.js';
import { getDelivery, listDeliveries, resendDelivery } from './webhooks.js';

// Admin origin, prefix /api/v1. Operators: the API settings of their owner account and the webhook delivery
// log (menu admin_settings; changes need edit authority). The account's own systems: GET /leads/{kind}.

const tags = ['integrations'];
const security = [{ bearer: [] }];

export async function integrationRoutes(app: App, ctx: AppContext): Promise<void> {
  await app.register(async (op: App) => {
    requireOperator(op, ctx);
    op.get('/integrations/settings', { schema: { tags, security, response: { 200: apiSettingsView } } }, async (req) =>
      getSettings(ctx, actorOf(req)),
    );
    op.put(
      '/integrations/settings',
      { schema: { tags, security, body: apiSettingsBody, response: { 200: apiSettingsResponse } } },
      async (req) => ({
        ...(await saveSettings(ctx, actorOf(req), req.body)),
        message: translate(requestLang(req), 'server.api_settings_saved'),
      }),
    );
    op.post('/integrations/api-key/rotate', { schema: { tags, security, response: { 200: apiSettingsResponse } } }, async (req) => ({
      ...(await rotateApiKey(ctx, actorOf(req))),
      message: translate(requestLang(req), 'server.api_settings_saved'),
    }));
    op.post('/integrations/webhook-secret/rotate', { schema: { tags, security, response: { 200: apiSettingsResponse } } }, async (req) => ({
      ...(await rotateWebhookSecret(ctx, actorOf(req))),
      message: translate(requestLang(req), 'server.api_settings_saved'),
    }));
    op.get('/integrations/deliveries', { schema: { tags, security, response: { 200: webhookDeliveryList } } }, async (req) =>
      listDeliveries(ctx, actorOf(req)),
    );
    op.get(
      '/integrations/deliveries/:id',
      { schema: { tags, security, params: idParams, response: { 200: webhookDeliveryDetail } } },
      async (req) => getDelivery(ctx, actorOf(req), req.params.id),
    );
    op.post(
      '/integrations/deliveries/:id/resend',
      { schema: { tags, security, params: idParams, response: { 200: webhookDelivery } } },
      async (req) => resendDelivery(ctx, actorOf(req), req.params.id),
    );
  });

  app.get(
    '/leads/:kind',
    {
      schema: {
        tags: ['leads'],
        summary: "Read the account's members, contacts, form submissions or survey responses",
        description:
          "Records of the account's own sites, oldest first (created_at, id). Pass the answer's next_cursor as `since` to " +
          'continue; it stays put when nothing is new, so polling with it returns each record once. Authentication is the ' +
          'method chosen in the API settings: X-API-Key (or a bearer API key); basic auth with X-Swipe-Account; or an IP ' +
          'allow-list with X-Swipe-Account. Wrong credentials 401, an address outside the list or an API that is off 403.',
        security: [{ apiKey: [] }, { basicAuth: [] }, {}],
        params: leadsParams,
        querystring: leadsQuery,
        response: { 200: leadsPage, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const s = await authenticateLeads(ctx, req);
      return readLeads(ctx, s, req.params.kind, req.query);
    },
  );
}
