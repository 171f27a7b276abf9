import {
  accountList,
  accountListQuery,
  accountView,
  contractBody,
  createAccountBody,
  idParams,
  messageResponse,
  updateAccountBody,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import * as accounts from './service.js';

const tags = ['user'];
const security = [{ bearer: [] }];

export async function accountRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get('/user', { schema: { tags, security, querystring: accountListQuery, response: { 200: accountList } } }, async (req) =>
    accounts.listAccounts(ctx, actorOf(req), req.query),
  );
  app.get('/user/:id', { schema: { tags, security, params: idParams, response: { 200: accountView } } }, async (req) =>
    accounts.getAccount(ctx, actorOf(req), req.params.id),
  );
  app.post('/user', { schema: { tags, security, body: createAccountBody, response: { 201: accountView } } }, async (req, reply) =>
    reply.status(201).send(await accounts.createAccount(ctx, actorOf(req), req.body)),
  );
  app.put(
    '/user/:id',
    { schema: { tags, security, params: idParams, body: updateAccountBody, response: { 200: accountView } } },
    async (req) => accounts.updateAccount(ctx, actorOf(req), req.params.id, req.body),
  );
  app.put(
    '/user/:id/contract',
    { schema: { tags, security, params: idParams, body: contractBody, response: { 200: accountView } } },
    async (req) => accounts.changeContract(ctx, actorOf(req), req.params.id, req.body.action),
  );
  app.delete('/user/:id', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await accounts.deleteAccount(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });
}
