import { translate } from '@swipe/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf, bearer, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import * as schemas from './schemas.js';
import * as auth from './service.js';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Public calls.
  app.post('/login', { schema: { tags, body: schemas.loginSchema } }, async (req) => {
    const body = req.body as { email: string; password: string };
    return auth.login(ctx, body, req.ip);
  });
  app.post('/refresh-token', { schema: { tags, security: [{ bearer: [] }] } }, async (req) => auth.refresh(ctx, bearer(req)));
  app.post('/forgot-password', { schema: { tags, body: schemas.forgotPasswordSchema } }, async (req) => {
    const lang = requestLang(req);
    await auth.forgotPassword(ctx, (req.body as { email: string }).email, lang);
    return { message: translate(lang, 'server.reset_mail_sent') };
  });
  app.post('/verify-token', { schema: { tags, body: schemas.verifyTokenSchema } }, async (req) => {
    await auth.verifyResetToken(ctx, (req.body as { token: string }).token);
    return { valid: true, message: translate(requestLang(req), 'server.token_valid') };
  });
  app.post('/reset-password', { schema: { tags, body: schemas.resetPasswordSchema } }, async (req) => {
    const body = req.body as { token: string; password: string };
    await auth.resetPassword(ctx, body.token, body.password);
    return { message: translate(requestLang(req), 'server.password_changed') };
  });

  // Calls with an operator token.
  await app.register(async (priv) => {
    requireOperator(priv, ctx);
    const open = { allowBeforePasswordChange: true };
    priv.get('/user-info', { config: open, schema: { tags, security: [{ bearer: [] }] } }, async (req) => auth.userInfo(ctx, actorOf(req)));
    priv.post('/log-out', { config: open, schema: { tags, security: [{ bearer: [] }] } }, async (req) => {
      await auth.logout(ctx, actorOf(req));
      return { message: translate(requestLang(req), 'server.logged_out') };
    });
    priv.post('/change-password', { schema: { tags, body: schemas.changePasswordSchema, security: [{ bearer: [] }] } }, async (req) => {
      const body = req.body as { currentPassword: string; password: string };
      const tokens = await auth.changePassword(ctx, actorOf(req), body.currentPassword, body.password);
      return { ...tokens, message: translate(requestLang(req), 'server.password_changed') };
    });
    priv.post(
      '/first-time-change-password',
      { config: open, schema: { tags, body: schemas.firstTimeChangeSchema, security: [{ bearer: [] }] } },
      async (req) => {
        const tokens = await auth.firstTimeChangePassword(ctx, actorOf(req), (req.body as { password: string }).password);
        return { ...tokens, message: translate(requestLang(req), 'server.password_changed') };
      },
    );
  });
}
