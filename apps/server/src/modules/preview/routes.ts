import {
  previewCompanyResponse,
  previewLangQuery,
  previewLoginBody,
  previewLoginResponse,
  previewPageParams,
  previewPageQuery,
  previewPageResponse,
  previewPathParams,
  previewProductsResponse,
  previewSeoResponse,
  previewSiteParams,
  previewSiteResponse,
  previewTicketExchangeBody,
  previewTicketExchangeResponse,
} from '@swipe/core';
import { normalizeLang } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import {
  ENTER_SCRIPT,
  PREVIEW_COOKIE,
  previewCompany,
  previewLogin,
  previewOperatorSession,
  previewPage,
  previewPageDetail,
  previewProducts,
  previewSeo,
  previewSite,
  sendEnterPage,
} from './service.js';

const tags = ['preview'];

/** The preview lock, the preview calls and the preview page (sites origin); nothing here is cached. */
export async function previewSitesRoutes(app: App, ctx: AppContext): Promise<void> {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.post(
    '/api/v1/preview/site/:siteId/login',
    { schema: { tags, params: previewSiteParams, body: previewLoginBody, response: { 200: previewLoginResponse } } },
    async (req, reply) => {
      const r = await previewLogin(ctx, req.params.siteId, req.body, req.ip, requestLang(req));
      reply.setCookie(PREVIEW_COOKIE, r.accessToken, {
        path: `/site/${req.params.siteId}/preview`,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.sitesUrl.startsWith('https:'),
        maxAge: r.expiresIn,
      });
      return r;
    },
  );

  // The signed-in operator's way in (docs/decisions.md): the entrance page, its script, the ticket exchange.
  app.post(
    '/api/v1/preview/site/:siteId/operator',
    { schema: { tags, params: previewSiteParams, body: previewTicketExchangeBody, response: { 200: previewTicketExchangeResponse } } },
    async (req, reply) => {
      const r = await previewOperatorSession(ctx, req.params.siteId, req.body.ticket, req.body.lang, req.body.revision);
      reply.setCookie(PREVIEW_COOKIE, r.token, {
        path: `/site/${req.params.siteId}/preview`,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.sitesUrl.startsWith('https:'),
        maxAge: r.expiresIn,
      });
      return { next: r.next };
    },
  );
  app.get(
    '/site/:siteId/preview-enter',
    { schema: { hide: true, params: previewSiteParams, querystring: previewLangQuery } },
    async (req, reply) => sendEnterPage(ctx, reply, (req.query.lang && normalizeLang(req.query.lang)) || requestLang(req)),
  );
  app.get('/_preview/enter.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').send(ENTER_SCRIPT),
  );

  const site = { tags, params: previewSiteParams, querystring: previewLangQuery };
  const page = { tags, params: previewPageParams, querystring: previewLangQuery };
  app.get('/api/v1/preview/site/:siteId', { schema: { ...site, response: { 200: previewSiteResponse } } }, async (req) =>
    previewSite(ctx, req, req.params.siteId, req.query.lang),
  );
  app.get('/api/v1/preview/site/:siteId/seo', { schema: { ...site, response: { 200: previewSeoResponse } } }, async (req) =>
    previewSeo(ctx, req, req.params.siteId, req.query.lang),
  );
  app.get('/api/v1/preview/site/:siteId/company', { schema: { ...site, response: { 200: previewCompanyResponse } } }, async (req) =>
    previewCompany(ctx, req, req.params.siteId, req.query.lang),
  );
  app.get('/api/v1/preview/site/:siteId/page/:pageId', { schema: { ...page, response: { 200: previewPageResponse } } }, async (req) =>
    previewPageDetail(ctx, req, req.params, req.query.lang),
  );
  app.get(
    '/api/v1/preview/site/:siteId/page/:pageId/product',
    { schema: { ...page, response: { 200: previewProductsResponse } } },
    async (req) => previewProducts(ctx, req, req.params, req.query.lang),
  );

  // The preview page: the lock screen until authorised, then the working copy through the viewer.
  const html = { hide: true, querystring: previewPageQuery };
  app.get('/site/:siteId/preview', { schema: { ...html, params: previewSiteParams } }, async (req, reply) =>
    previewPage(ctx, req, reply, { siteId: req.params.siteId, rest: '', lang: req.query.lang, revision: req.query.revision }),
  );
  app.get('/site/:siteId/preview/*', { schema: { ...html, params: previewPathParams } }, async (req, reply) =>
    previewPage(ctx, req, reply, {
      siteId: req.params.siteId,
      rest: req.params['*'] ?? '',
      lang: req.query.lang,
      revision: req.query.revision,
    }),
  );
}
