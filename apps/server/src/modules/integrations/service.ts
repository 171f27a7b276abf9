// What other modules (and modules/index.ts) may use of the integrations module.
export { integrationsModule } from './module.js';
export { queueWebhook, WEBHOOK_JOB } from './webhooks.js';
