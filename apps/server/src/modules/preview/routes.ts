import {
  previewCompanyResponse,
  previewLangQuery,
  previewLoginBody,
  previewLoginResponse,
  previewPageParams,
  previewPageResponse,
  previewPathParams,
  previewProductsResponse,
  previewSeoResponse,
  previewSiteParams,
  previewSiteResponse,
} from '@swipe/core';
import type { AppContext } from '../../context.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import {
  PREVIEW_COOKIE,
  previewCompany,
  previewLogin,
  previewPage,
  previewPageDetail,
  previewProducts,
  previewSeo,
  previewSite,
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
  const html = { hide: true, querystring: previewLangQuery };
  app.get('/site/:siteId/preview', { schema: { ...html, params: previewSiteParams } }, async (req, reply) =>
    previewPage(ctx, req, reply, { siteId: req.params.siteId, rest: '', lang: req.query.lang }),
  );
  app.get('/site/:siteId/preview/*', { schema: { ...html, params: previewPathParams } }, async (req, reply) =>
    previewPage(ctx, req, reply, { siteId: req.params.siteId, rest: req.params['*'] ?? '', lang: req.query.lang }),
  );
}
