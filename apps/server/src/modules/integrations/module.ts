import type { Module } from '../module.js';
import { integrationRoutes } from './routes.js';
import { deliverWebhook, WEBHOOK_JOB } from './webhooks.js';

/** API settings, the leads API and signed outbound webhooks. */
export const integrationsModule: Module = {
  name: 'integrations',
  prefix: '/api/v1',
  admin: integrationRoutes,
  jobs: { [WEBHOOK_JOB]: deliverWebhook },
};
