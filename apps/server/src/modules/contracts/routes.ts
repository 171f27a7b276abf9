import { accountView, contractBody, deleteOwnAccountBody, idParams, messageResponse } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import * as contracts from './service.js';

const tags = ['user'];
const security = [{ bearer: [] }];

/** Contract transitions, an operator's deletion of an account below it, and deleting one's own account. */
export async function contractRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.put(
    '/user/:id/contract',
    { schema: { tags, security, params: idParams, body: contractBody, response: { 200: accountView } } },
    async (req) => contracts.changeContract(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/user/:id', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await contracts.deleteAccount(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });
  app.post(
    '/delete-account',
    { schema: { tags: ['user'], security, body: deleteOwnAccountBody, response: { 200: messageResponse } } },
    async (req) => {
      await contracts.deleteOwnAccount(ctx, actorOf(req), req.body.password, req.ip);
      return { message: translate(requestLang(req), 'server.account_deleted') };
    },
  );
}
