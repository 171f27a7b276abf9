import type { FormType } from '@swipe/core';
import { FORM_PAGE_NAMES, type FormPageName, isLang } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requestLang } from '../../http/lang.js';
import { id } from '../../http/schemas.js';
import { setFormPageHandler } from '../published/form-pages.js';
import { requireMember } from './auth.js';
import { idempotencyKey, throttle } from './guard.js';
import { renderFormPage } from './pages.js';
import * as svc from './service.js';
import { companyLinks, fieldsOf, formSetting, formsLocked, visitorSite } from './site.js';

const tags = ['end-user'];
const siteParams = z.object({
  siteId: id,
});
const settingQuery = z.object({ lang: z.string().max(10).optional(), variationId: z.string().max(100).optional() });
// Bodies are checked field by field in the service against the site's settings; here only their shape.
const loose = z.object({}).catchall(z.unknown());

type SiteReq = FastifyRequest<{ Params: { siteId: number } }>;

const SETTINGS: { path: string; type: FormType; group: 'contact' | 'form' | 'membership' }[] = [
  { path: 'contact-setting', type: 'CONTACT_SETTING', group: 'contact' },
  { path: 'membership-setting', type: 'MEMBERSHIP_SETTING', group: 'membership' },
  { path: 'homepage-setting', type: 'HOMEPAGE_SETTING', group: 'form' },
];

/** Visitor calls of viewer.md 7 on the sites origin, and the form screens. */
export async function enduserSitesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  setFormPageHandler(renderFormPage);

  for (const s of SETTINGS) {
    app.get(`/api/v1/end-user/site/:siteId/${s.path}`, { schema: { tags, params: siteParams, querystring: settingQuery } }, async (req) => {
      const { siteId } = (req as SiteReq).params;
      const v = await visitorSite(ctx, siteId, (req.query as { lang?: string }).lang);
      const setting = formSetting(v, s.type);
      const company = companyLinks(v, s.group);
      return {
        siteId,
        lang: v.lang,
        type: s.type,
        locked: s.type !== 'MEMBERSHIP_SETTING' && formsLocked(v.site),
        sendConfirmation: Boolean(setting?.sendConfirmation),
        fields: fieldsOf(v, s.type),
        companyLinks: company.links,
        agreementRequired: company.agreementRequired,
      };
    });
  }

  app.post('/api/v1/end-user/site/:siteId/register', { schema: { tags, params: siteParams, body: loose } }, async (req, reply) => {
    const { siteId } = (req as SiteReq).params;
    await throttle(ctx, 'register', req.ip, siteId);
    const body = req.body as svc.RegisterInput;
    const r = await svc.register(ctx, siteId, { ...body, lang: body.lang ?? requestLang(req) });
    reply.status(201);
    return { email: r.email, message: translate(requestLang(req), 'enduser.register_sent') };
  });

  app.post('/api/v1/end-user/site/:siteId/resend-register-email', { schema: { tags, params: siteParams, body: loose } }, async (req) => {
    const { siteId } = (req as SiteReq).params;
    await throttle(ctx, 'resend', req.ip, siteId);
    const body = req.body as { email?: unknown; lang?: unknown };
    await svc.resend(ctx, siteId, { ...body, lang: body.lang ?? requestLang(req) });
    return { message: translate(requestLang(req), 'enduser.resend_sent') };
  });

  app.post(
    '/api/v1/end-user/site/:siteId/confirm',
    { schema: { tags, params: siteParams, body: z.object({ token: z.string().min(1).max(200) }) } },
    async (req) => {
      const { siteId } = (req as SiteReq).params;
      await throttle(ctx, 'confirm', req.ip, siteId);
      const r = await svc.confirm(ctx, siteId, (req.body as { token: string }).token);
      return { email: r.email, message: translate(requestLang(req), 'enduser.confirmed') };
    },
  );

  app.post('/api/v1/end-user/site/:siteId/login', { schema: { tags, params: siteParams, body: loose } }, async (req) => {
    const { siteId } = (req as SiteReq).params;
    await throttle(ctx, 'login', req.ip, siteId);
    const r = await svc.login(ctx, siteId, req.body as { email?: unknown; password?: unknown }, req.ip);
    return { ...r, message: translate(requestLang(req), 'enduser.logged_in') };
  });

  app.get('/api/v1/end-user/site/:siteId/me', { schema: { tags, params: siteParams, security: [{ bearer: [] }] } }, async (req) => {
    const { siteId } = (req as SiteReq).params;
    const m = await requireMember(ctx, req, siteId);
    return { id: m.id, email: m.email, status: m.status, siteId };
  });

  const submit = (type: 'CONTACT_SETTING' | 'HOMEPAGE_SETTING') => async (req: FastifyRequest, reply: FastifyReply) => {
    const { siteId } = (req as SiteReq).params;
    const key = idempotencyKey(req);
    await throttle(ctx, type === 'CONTACT_SETTING' ? 'contact' : 'homepage', req.ip, siteId);
    const body = req.body as svc.SubmitInput;
    const r = await svc.submitForm(
      ctx,
      siteId,
      type,
      { ...body, lang: body.lang ?? requestLang(req) },
      { ip: req.ip, idempotencyKey: key },
    );
    reply.status(201);
    if (r.replayed) reply.header('idempotent-replayed', 'true');
    const lang = requestLang(req);
    return {
      id: r.id,
      createdAt: r.createdAt,
      message: translate(lang, type === 'CONTACT_SETTING' ? 'enduser.contact_sent' : 'enduser.form_sent'),
    };
  };
  app.post('/api/v1/end-user/site/:siteId/contact', { schema: { tags, params: siteParams, body: loose } }, submit('CONTACT_SETTING'));
  app.post('/api/v1/end-user/site/:siteId/homepage', { schema: { tags, params: siteParams, body: loose } }, submit('HOMEPAGE_SETTING'));

  // Explicit addresses of the form screens (path form); the viewer's own routes dispatch the other forms here too.
  const pageParams = z.object({
    siteId: id,
    lang: z.string().max(5),
  });
  for (const page of FORM_PAGE_NAMES) {
    app.get(`/sites/:siteId/:lang/${page}`, { schema: { hide: true, params: pageParams } }, async (req, reply) => {
      const { siteId, lang } = req.params as { siteId: number; lang: string };
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
}
