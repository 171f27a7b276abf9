import {
  accountCsvQuery,
  accountListQuery,
  assignablePlans,
  assignablePlansQuery,
  contractHistoryList,
  contractHistoryQuery,
  createAccountBody,
  idParams,
  messageResponse,
  updateAccountBody,
  userDetail,
  userList,
  userSummary,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import * as users from './service.js';

// The user screens (back-office.md 2: user-list, user/{id}, create-user, update-user): list, CSV, detail,
// contract history, create (a set-up link instead of a password), update, resend the set-up link.

const tags = ['user'];
const security = [{ bearer: [] }];

export async function userRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get('/user', { schema: { tags, security, querystring: accountListQuery, response: { 200: userList } } }, async (req) =>
    users.listAccounts(ctx, actorOf(req), req.query),
  );
  app.get(
    '/user/export-csv',
    { schema: { tags, security, querystring: accountCsvQuery, response: { 200: z.string() } } },
    async (req, reply) => {
      const lang = requestLang(req);
      const csv = await users.exportAccountsCsv(ctx, actorOf(req), req.query, (k) => translate(lang, k));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get(
    '/user/assignable-plans',
    { schema: { tags, security, querystring: assignablePlansQuery, response: { 200: assignablePlans } } },
    async (req) => users.assignablePlans(ctx, actorOf(req), req.query.type),
  );
  app.get('/user/plans-in-use', { schema: { tags, security, response: { 200: assignablePlans } } }, async (req) =>
    users.plansInUse(ctx, actorOf(req)),
  );
  app.get('/user/:id', { schema: { tags, security, params: idParams, response: { 200: userDetail } } }, async (req) =>
    users.getAccount(ctx, actorOf(req), req.params.id),
  );
  app.get(
    '/user/:id/history',
    { schema: { tags, security, params: idParams, querystring: contractHistoryQuery, response: { 200: contractHistoryList } } },
    async (req) => users.accountHistory(ctx, actorOf(req), req.params.id, req.query),
  );
  app.post('/user', { schema: { tags, security, body: createAccountBody, response: { 201: userSummary } } }, async (req, reply) =>
    reply.status(201).send(await users.createAccount(ctx, actorOf(req), req.body, requestLang(req))),
  );
  app.put(
    '/user/:id',
    { schema: { tags, security, params: idParams, body: updateAccountBody, response: { 200: userSummary } } },
    async (req) => users.updateAccount(ctx, actorOf(req), req.params.id, req.body),
  );
  app.post('/user/:id/resend-setup', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await users.resendSetup(ctx, actorOf(req), req.params.id, requestLang(req));
    return { message: translate(requestLang(req), 'server.setup_link_sent') };
  });
}
