import { accountView, contractBody, idParams, messageResponse } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import * as accounts from '../accounts/service.js';

const tags = ['user'];
const security = [{ bearer: [] }];

/** Contract transitions and deletion (contracts.ts); mounted inside accountRoutes (operator token required). */
export async function contractRoutes(app: App, ctx: AppContext): Promise<void> {
  app.put(
    '/user/:id/contract',
    { schema: { tags, security, params: idParams, body: contractBody, response: { 200: accountView } } },
    async (req) => accounts.changeContract(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/user/:id', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await accounts.deleteAccount(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });
}
