import type { JobHandler } from '../jobs/worker.js';
import { onSubmission } from '../lib/submissions.js';
import { accountRoutes } from './accounts/routes.js';
import { adminAppRoutes } from './adminapp/routes.js';
import { recordConversion } from './analytics/conversions.js';
import { analyticsJobs } from './analytics/jobs.js';
import { rollupJobs } from './analytics/rollup.js';
import { analyticsRoutes } from './analytics/routes.js';
import { analysisRoutes } from './analytics/screens.routes.js';
import { registerVariationLookup } from './analytics/service.js';
import { auditRoutes } from './audit/routes.js';
import { authJobs } from './auth/jobs.js';
import { authRoutes } from './auth/routes.js';
import { billingJobs } from './billing/jobs.js';
import { paymentWebhookRoutes } from './billing/payments.routes.js';
import { billingRoutes } from './billing/routes.js';
import { contractJobs } from './contracts/jobs.js';
import { contractRoutes } from './contracts/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { deliveryRoutes } from './deliveries/routes.js';
import { domainJobs, domainRoutes } from './domains/routes.js';
import { enduserModule } from './enduser/module.js';
import { experimentPublishGuard } from './experiments/guard.js';
import { experimentRoutes } from './experiments/routes.js';
import { variationLookup } from './experiments/service.js';
import { healthRoutes } from './health/routes.js';
import { integrationsModule, queueWebhook } from './integrations/service.js';
import { mailDevRoutes } from './mail/routes.js';
import { mediaAdminRoutes, mediaJobs, mediaSitesRoutes } from './media/routes.js';
import { metricsRoutes } from './metrics/routes.js';
import type { Module } from './module.js';
import { noticeJobs, noticeRoutes } from './notices/routes.js';
import { planJobs } from './plans/jobs.js';
import { planRoutes } from './plans/routes.js';
import { previewModule } from './preview/module.js';
import { previewShareRoutes } from './previewshare/routes.js';
import { siteRoutes } from './sites/routes.js';
import { listSites, publishGuards, registerSurveyLinks, scopedSite } from './sites/service.js';
import { staffRoutes } from './staff/routes.js';
import { surveysModule } from './surveys/module.js';
import { linkableSurveyIds } from './surveys/operator.js';
import { surveyOperatorRoutes } from './surveys/operator.routes.js';
import { importJobs } from './user-import/jobs.js';
import { importRoutes } from './user-import/routes.js';
import { userRoutes } from './users/routes.js';
import { registerUserSites } from './users/service.js';
import { viewerRoutes } from './viewer/routes.js';

// The user detail lists a tenant's sites (sites imports accounts, so the wiring is here).
registerUserSites((ctx, owner, n) => listSites(ctx, owner, { page: 1, pageSize: n }));
// A site links only its owner's surveys (surveys imports sites, so the check is registered here).
registerSurveyLinks(linkableSurveyIds);
// Each visitor submission is sent to the owner account's webhook (integrations).
onSubmission(queueWebhook);
// Each visitor submission is a conversion (analytics).
onSubmission(recordConversion);
// Visitor events carry the variation they were seen in (experiments imports analytics for its results).
registerVariationLookup(variationLookup);
// A publish may not take away a page under a live A/B test (experiments imports sites).
publishGuards.push(experimentPublishGuard);

/** Every domain module, in mount order. A module owns its routes, service and SQL. */
export const modules: Module[] = [
  { name: 'health', admin: healthRoutes, sites: healthRoutes },
  { name: 'metrics', admin: metricsRoutes },
  { name: 'auth', prefix: '/api/v1/auth', admin: authRoutes, jobs: authJobs },
  { name: 'accounts', prefix: '/api/v1', admin: accountRoutes },
  { name: 'contracts', prefix: '/api/v1', admin: contractRoutes, jobs: contractJobs },
  { name: 'plans', prefix: '/api/v1', admin: planRoutes, jobs: planJobs },
  { name: 'staff', prefix: '/api/v1', admin: staffRoutes },
  { name: 'users', prefix: '/api/v1', admin: userRoutes },
  { name: 'user-import', prefix: '/api/v1', admin: importRoutes, jobs: importJobs },
  { name: 'sites', prefix: '/api/v1', admin: siteRoutes },
  { name: 'mail', admin: mailDevRoutes },
  { name: 'media', admin: mediaAdminRoutes, sites: mediaSitesRoutes, jobs: mediaJobs },
  { name: 'adminapp', admin: adminAppRoutes() },
  { name: 'viewer', sites: viewerRoutes },
  { name: 'analytics', sites: analyticsRoutes, jobs: analyticsJobs },
  { name: 'analysis', prefix: '/api/v1/analysis', admin: analysisRoutes },
  { name: 'analytics-rollups', jobs: rollupJobs },
  { name: 'domains', prefix: '/api/v1', admin: domainRoutes, jobs: domainJobs },
  { name: 'audit', prefix: '/api/v1', admin: auditRoutes(scopedSite) },
  { name: 'previewshare', prefix: '/api/v1', admin: previewShareRoutes },
  enduserModule,
  surveysModule,
  previewModule,
  { name: 'billing', prefix: '/api/v1', admin: billingRoutes, jobs: billingJobs },
  { name: 'billing-webhooks', prefix: '/api/v1', admin: paymentWebhookRoutes },
  integrationsModule,
  { name: 'dashboard', prefix: '/api/v1/dashboard', admin: dashboardRoutes },
  { name: 'deliveries', prefix: '/api/v1', admin: deliveryRoutes },
  { name: 'surveys-operator', prefix: '/api/v1', admin: surveyOperatorRoutes },
  { name: 'notices', prefix: '/api/v1', admin: noticeRoutes, jobs: noticeJobs },
  { name: 'experiments', prefix: '/api/v1', admin: experimentRoutes },
];

/** Every module's job handlers, for the worker (in process, standalone, or in tests). */
export function jobHandlers(): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const m of modules) Object.assign(handlers, m.jobs ?? {});
  return handlers;
}
