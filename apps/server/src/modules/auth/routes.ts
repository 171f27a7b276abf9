import {
  accountView,
  changePasswordBody,
  firstTimeChangeBody,
  forgotPasswordBody,
  loginRequest,
  messageResponse,
  resetPasswordBody,
  tokenPair,
  tokenPairWithMessage,
  verifyTokenBody,
  verifyTokenResponse,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, bearer, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import * as auth from './service.js';

const tags = ['auth'];
const security = [{ bearer: [] }];

export async function authRoutes(app: App, ctx: AppContext): Promise<void> {
  // Public calls.
  app.post('/login', { schema: { tags, body: loginRequest, response: { 200: tokenPair } } }, async (req) =>
    auth.login(ctx, req.body, req.ip),
  );
  app.post('/refresh-token', { schema: { tags, security, response: { 200: tokenPair } } }, async (req) => auth.refresh(ctx, bearer(req)));
  app.post('/forgot-password', { schema: { tags, body: forgotPasswordBody, response: { 200: messageResponse } } }, async (req) => {
    const lang = requestLang(req);
    await auth.forgotPassword(ctx, req.body.email, lang);
    return { message: translate(lang, 'server.reset_mail_sent') };
  });
  app.post('/verify-token', { schema: { tags, body: verifyTokenBody, response: { 200: verifyTokenResponse } } }, async (req) => {
    await auth.verifyResetToken(ctx, req.body.token);
    return { valid: true as const, message: translate(requestLang(req), 'server.token_valid') };
  });
  app.post('/reset-password', { schema: { tags, body: resetPasswordBody, response: { 200: messageResponse } } }, async (req) => {
    const kind = await auth.resetPassword(ctx, req.body.token, req.body.password);
    return { message: translate(requestLang(req), kind === 'setup' ? 'server.password_set' : 'server.password_changed') };
  });

  // Calls with an operator token.
  await app.register(async (priv: App) => {
    requireOperator(priv, ctx);
    const open = { allowBeforePasswordChange: true };
    priv.get('/user-info', { config: open, schema: { tags, security, response: { 200: accountView } } }, async (req) =>
      auth.userInfo(ctx, actorOf(req)),
    );
    priv.post('/log-out', { config: open, schema: { tags, security, response: { 200: messageResponse } } }, async (req) => {
      await auth.logout(ctx, actorOf(req));
      return { message: translate(requestLang(req), 'server.logged_out') };
    });
    priv.post(
      '/change-password',
      { schema: { tags, security, body: changePasswordBody, response: { 200: tokenPairWithMessage } } },
      async (req) => {
        const tokens = await auth.changePassword(ctx, actorOf(req), req.body.currentPassword, req.body.password);
        return { ...tokens, message: translate(requestLang(req), 'server.password_changed') };
      },
    );
    priv.post(
      '/first-time-change-password',
      { config: open, schema: { tags, security, body: firstTimeChangeBody, response: { 200: tokenPairWithMessage } } },
      async (req) => {
        const tokens = await auth.firstTimeChangePassword(ctx, actorOf(req), req.body.password);
        return { ...tokens, message: translate(requestLang(req), 'server.password_changed') };
      },
    );
  });
}
