import { adoptionByPlan, dashboardQuery, registrationData, revenue, userSite } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import * as dashboard from './service.js';

// GET /api/v1/dashboard/{registration-data, user-site, adoption-by-plan, revenue} (back-office.md 7): the summary
// screen's figures over the caller's subtree; menu entry `summary` (403 for roles without it).

const tags = ['dashboard'];
const security = [{ bearer: [] }];

export async function dashboardRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get(
    '/registration-data',
    { schema: { tags, security, querystring: dashboardQuery, response: { 200: registrationData } } },
    async (req) => dashboard.registrationData(ctx, actorOf(req), req.query),
  );
  app.get('/user-site', { schema: { tags, security, response: { 200: userSite } } }, async (req) => dashboard.userSite(ctx, actorOf(req)));
  app.get(
    '/adoption-by-plan',
    { schema: { tags, security, querystring: dashboardQuery, response: { 200: adoptionByPlan } } },
    async (req) => dashboard.adoptionByPlan(ctx, actorOf(req), req.query, requestLang(req)),
  );
  app.get('/revenue', { schema: { tags, security, querystring: dashboardQuery, response: { 200: revenue } } }, async (req) =>
    dashboard.revenue(ctx, actorOf(req), req.query),
  );
}
