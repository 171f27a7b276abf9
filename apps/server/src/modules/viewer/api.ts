import {
  campaignClickQuery,
  campaignClickResponse,
  idParams,
  notificationList,
  notificationQuery,
  pageButtonsResponse,
  pageDetailResponse,
  pageProductsResponse,
  publicPagesQuery,
  viewerLangQuery,
  viewerPageParams,
  viewerSite,
  viewerSiteParams,
} from '@swipe/core';
import { toSnake } from '@swipe/core/case.ts';
import type { Language } from '@swipe/core/constants.ts';
import { normalizeLang } from '@swipe/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { hitLimits } from '../../lib/ratelimit.js';
import { liveNotifications } from '../deliveries/service.js';
import type { App } from '../module.js';
import { getPublishedSite, type PublishedSite } from '../published/service.js';
import { countCampaignClick } from '../sites/service.js';
import { cachedJson, cachedValue, sendCached, sendPrivate, serialize, serializeList } from './cache.js';
import { siteForToken } from './experiments.js';
import { requireMember } from './members.js';
import {
  findPage,
  presentButtons,
  presentCompany,
  presentPageDetail,
  presentProducts,
  presentScripts,
  presentSeo,
  presentSite,
  siteLang,
} from './present.js';

const tags = ['end-user'];
const siteParams = viewerSiteParams;
const langQuery = viewerLangQuery;

/** The published site a visitor may see, or 404 (draft, private, expired, deleted, unknown). */
export async function servedSite(ctx: AppContext, siteId: number): Promise<PublishedSite> {
  const ps = await getPublishedSite(ctx, siteId);
  if (!ps) throw notFound('server.site_not_found', 'SITE_NOT_FOUND');
  return ps;
}

function langOf(req: { query: { lang?: string } }, ps: PublishedSite): Language {
  const q = req.query.lang;
  return siteLang(ps, normalizeLang(q) ?? q);
}

const membersOnly = () => new AppError(403, 'MEMBERS_ONLY', 'server.members_only');

/** The end-user data calls of viewer.md 7 on the sites origin: small, cached per publication, ETag'd. */
export async function viewerApiRoutes(app: App, ctx: AppContext): Promise<void> {
  const mediaBase = () => ctx.storage.publicBase();

  // The grid and chrome of a site (what the viewer draws before any page detail).
  app.get(
    '/api/v1/end-user/site/:siteId',
    { schema: { tags, params: siteParams, querystring: langQuery, response: { 200: viewerSite } } },
    async (req, reply) => {
      const ps = await siteForToken(ctx, await servedSite(ctx, req.params.siteId), req.query.variationId);
      const lang = langOf(req, ps);
      return sendCached(
        req,
        reply,
        cachedJson(ctx, ps, `site:${lang}`, () => presentSite(ps, lang, { mode: 'path', mediaBase: mediaBase() })),
      );
    },
  );

  // Page detail, products, buttons: public (never members-only content) and private (member token).
  type PageReq = FastifyRequest & { params: z.output<typeof viewerPageParams>; query: z.output<typeof viewerLangQuery> };
  const pageRoute = (what: 'page' | 'product' | 'button') => async (req: PageReq, reply: FastifyReply) => {
    const p = req.params;
    // the variations the rendered page named (its variation_id): a page under test answers in the visitor's variation
    const ps = await siteForToken(ctx, await servedSite(ctx, p.siteId), req.query.variationId);
    const loc = findPage(ps, p.pageId);
    if (!loc) throw notFound();
    const lang = langOf(req, ps);
    const def = ps.defaultLanguage;
    const build = () =>
      what === 'page'
        ? presentPageDetail(loc, lang, def)
        : what === 'product'
          ? { products: presentProducts(loc, lang, def) }
          : { buttons: presentButtons(loc, lang, def) };
    if (p.access === 'private') {
      await requireMember(ctx, req, p.siteId);
      return sendPrivate(reply, build());
    }
    if (loc.page.membersOnlyLock) throw membersOnly();
    return sendCached(req, reply, cachedJson(ctx, ps, `${what}:${p.pageId}:${lang}`, build));
  };
  const pageSchema = { tags, params: viewerPageParams, querystring: langQuery };
  app.get(
    '/api/v1/end-user/site/:siteId/page/:pageId/:access',
    { schema: { ...pageSchema, response: { 200: pageDetailResponse } } },
    pageRoute('page'),
  );
  app.get(
    '/api/v1/end-user/site/:siteId/page/:pageId/product/:access',
    { schema: { ...pageSchema, response: { 200: pageProductsResponse } } },
    pageRoute('product'),
  );
  app.get(
    '/api/v1/end-user/site/:siteId/page/:pageId/button/:access',
    { schema: { ...pageSchema, response: { 200: pageButtonsResponse } } },
    pageRoute('button'),
  );

  app.get('/api/v1/end-user/site/:siteId/company', { schema: { tags, params: siteParams, querystring: langQuery } }, async (req, reply) => {
    const ps = await servedSite(ctx, req.params.siteId);
    const lang = langOf(req, ps);
    return sendCached(
      req,
      reply,
      cachedJson(ctx, ps, `company:${lang}`, () => ({
        ...presentCompany(ps, lang),
        flags: ps.document.translations[lang]?.companyFlags ?? {},
        contractAgreementRequired: ps.document.translations[lang]?.company?.contractAgreementRequired ?? false,
      })),
    );
  });
  app.get('/api/v1/end-user/site/:siteId/scripts', { schema: { tags, params: siteParams, querystring: langQuery } }, async (req, reply) => {
    const ps = await servedSite(ctx, req.params.siteId);
    const lang = langOf(req, ps);
    return sendCached(
      req,
      reply,
      cachedJson(ctx, ps, `scripts:${lang}`, () => presentScripts(ps, lang)),
    );
  });
  app.get('/api/v1/end-user/site/:siteId/seo', { schema: { tags, params: siteParams, querystring: langQuery } }, async (req, reply) => {
    const ps = await servedSite(ctx, req.params.siteId);
    const lang = langOf(req, ps);
    return sendCached(
      req,
      reply,
      cachedJson(ctx, ps, `seo:${lang}`, () => presentSeo(ps, lang)),
    );
  });

  // Published page list (viewer.md 7: site_id, skip 1, take 1000, status published). skip is the 1-based page number.
  app.get(
    '/api/v1/pages',
    {
      schema: {
        tags,
        querystring: publicPagesQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      if (q.status && !/^publish(ed)?$/i.test(q.status)) return sendCached(req, reply, serialize({ items: [], total: 0 }));
      const ps = await servedSite(ctx, q.siteId);
      const lang = langOf(req, ps);
      const page = Math.max(1, q.skip);
      // One cached list per publication and language; the requested slice is cut per request, so
      // distinct skip/take values never become cache keys nor micro-cache entries.
      const all = cachedValue(ctx, ps, `pages:${lang}`, () => {
        const site = presentSite(ps, lang, { mode: 'path', mediaBase: mediaBase() });
        return site.categories.flatMap((c, col) =>
          c.pages.map((p) => JSON.stringify(toSnake({ ...p, categoryId: c.id, categoryName: c.name, col }))),
        );
      });
      const items = all.slice(Math.min((page - 1) * q.take, all.length), Math.min(page * q.take, all.length));
      return sendCached(req, reply, serializeList(items, { total: all.length, skip: page, take: q.take }));
    },
  );

  // Notifications whose date window contains now (rotation in the banner). Revalidated on every load (ETag):
  // an operator's change shows at the next request.
  app.get(
    '/api/v1/end-user/noti_delivery',
    { schema: { tags, querystring: notificationQuery, response: { 200: notificationList } } },
    async (req, reply) => {
      const q = req.query;
      const ps = await servedSite(ctx, q.siteId);
      const lang = langOf(req, ps);
      const rows = await notifications(ctx, q.siteId, lang);
      return sendCached(req, reply, serialize({ items: rows }));
    },
  );

  // Campaign click counting (isOnClickCount campaigns): returns the new count. A banner id counts the banner
  // too; an item id (draggable campaign item) counts the item, and an item not in this campaign is a 404
  // that counts nothing.
  app.get(
    '/api/v1/end-user/campaign/:id/click',
    {
      schema: { tags, params: idParams, querystring: campaignClickQuery, response: { 200: campaignClickResponse } },
    },
    async (req, reply) => {
      const { bannerId, itemId } = req.query;
      await hitLimits(ctx.kv, [{ key: `campaign-click:${req.ip}`, limit: { max: 120, windowSeconds: 60 } }]);
      const row = await countCampaignClick(ctx, { campaignId: req.params.id, bannerId, itemId });
      reply.header('cache-control', 'no-store');
      return row;
    },
  );
}

/** The live banner notifications (deliveries' service caches them and drops them on every change). */
export function notifications(ctx: AppContext, siteId: number, lang: Language) {
  return liveNotifications(ctx, siteId, lang);
}
