import {
  confirmBody,
  confirmResponse,
  enduserSiteParams,
  FORM_PAGE_NAMES,
  type FormPageName,
  formSettingQuery,
  formSettingResponse,
  isLang,
  memberLoginResponse,
  memberLogoutResponse,
  memberResponse,
  messageResponse,
  registerResponse,
  submissionResponse,
  visitorBody,
} from '@swipe/core';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requestLang } from '../../http/lang.js';
import { id } from '../../http/schemas.js';
import type { App } from '../module.js';
import { setFormPageHandler } from '../published/service.js';
import { requireMember, signOutMember } from './auth.js';
import { confirmCall, formSettingOf, loginCall, registerCall, resendCall, SETTINGS, submitCall } from './calls.js';
import { idempotencyKey } from './guard.js';
import { renderFormPage } from './pages.js';
import { visitOf } from './visit.js';

const tags = ['end-user'];
const params = enduserSiteParams;

/** Visitor calls of viewer.md 7 on the sites origin, and the form screens. */
export async function enduserSitesRoutes(app: App, ctx: AppContext): Promise<void> {
  setFormPageHandler(renderFormPage);

  for (const s of SETTINGS)
    app.get(
      `/api/v1/end-user/site/:siteId/${s.path}`,
      { schema: { tags, params, querystring: formSettingQuery, response: { 200: formSettingResponse } } },
      async (req) => formSettingOf(ctx, req.params.siteId, s, req.query.lang),
    );

  app.post(
    '/api/v1/end-user/site/:siteId/register',
    { schema: { tags, params, body: visitorBody, response: { 201: registerResponse } } },
    async (req, reply) =>
      reply.code(201).send(await registerCall(ctx, req.params.siteId, req.body, { ip: req.ip, lang: requestLang(req) })),
  );

  app.post(
    '/api/v1/end-user/site/:siteId/resend-register-email',
    { schema: { tags, params, body: visitorBody, response: { 200: messageResponse } } },
    async (req) => resendCall(ctx, req.params.siteId, req.body, { ip: req.ip, lang: requestLang(req) }),
  );

  app.post(
    '/api/v1/end-user/site/:siteId/confirm',
    { schema: { tags, params, body: confirmBody, response: { 200: confirmResponse } } },
    async (req) => confirmCall(ctx, req.params.siteId, req.body.token, { ip: req.ip, lang: requestLang(req), visit: visitOf(req) }),
  );

  app.post(
    '/api/v1/end-user/site/:siteId/login',
    { schema: { tags, params, body: visitorBody, response: { 200: memberLoginResponse } } },
    async (req) => loginCall(ctx, req.params.siteId, req.body, { ip: req.ip, lang: requestLang(req) }),
  );

  app.post(
    '/api/v1/end-user/site/:siteId/logout',
    { schema: { tags, params, security: [{ bearer: [] }], response: { 200: memberLogoutResponse } } },
    async (req) => signOutMember(ctx, req, req.params.siteId),
  );

  app.get(
    '/api/v1/end-user/site/:siteId/me',
    { schema: { tags, params, security: [{ bearer: [] }], response: { 200: memberResponse } } },
    async (req) => {
      const m = await requireMember(ctx, req, req.params.siteId);
      return { id: Number(m.id), email: m.email, status: m.status, siteId: req.params.siteId };
    },
  );

  for (const [path, type] of [
    ['contact', 'CONTACT_SETTING'],
    ['homepage', 'HOMEPAGE_SETTING'],
  ] as const)
    app.post(
      `/api/v1/end-user/site/:siteId/${path}`,
      { schema: { tags, params, body: visitorBody, response: { 201: submissionResponse } } },
      async (req, reply) => {
        const key = idempotencyKey(req);
        const r = await submitCall(ctx, req.params.siteId, type, req.body, {
          ip: req.ip,
          lang: requestLang(req),
          idempotencyKey: key,
          visit: visitOf(req),
        });
        if (r.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(r.body);
      },
    );

  // Explicit addresses of the form screens (path form); the viewer's own routes dispatch the other forms here too.
  const pageParams = z.object({ siteId: id, lang: z.string().max(5) });
  for (const page of FORM_PAGE_NAMES)
    app.get(`/sites/:siteId/:lang/${page}`, { schema: { hide: true, params: pageParams } }, async (req, reply) => {
      const { siteId, lang } = req.params;
      if (!isLang(lang)) return reply.callNotFound();
      return renderFormPage(ctx, req, reply, {
        siteId,
        lang,
        page: page as FormPageName,
        basePath: `/sites/${siteId}/${lang}`,
        mode: 'path',
      });
    });
}
