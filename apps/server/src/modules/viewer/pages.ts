import { addressMatchesSite, buildAddress, parseAddress } from '@swipe/core/address.ts';
import { LANGUAGE_COOKIE, type Language } from '@swipe/core/constants.ts';
import { isLang } from '@swipe/core/slug.ts';
import { normalizeLang } from '@swipe/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requestLang } from '../../http/lang.js';
import { ByteCache } from '../../lib/bytecache.js';
import type { App } from '../module.js';
import {
  getFormPageHandler,
  getPublishedSite,
  type PublishedSite,
  resolveSiteId,
  SiteGone,
  sendGonePage,
  siteIdOfHost,
  siteOrigin,
} from '../published/service.js';
import { shownSite } from './experiments.js';
import { servesPosition } from './present.js';
import { homeOf, renderError, renderViewer } from './render.js';

// Addresses on the sites origin (viewer.md 2): `/` (default site), `/sites/{siteId}/...`, and any
// other path, read for the default site or, by Host, a custom domain. Form-type screens go to the
// end-user module's handler; everything else is the viewer at a position.

const SITE_TIMEOUT_MS = 10_000;
const RESERVED = /^\/(api|_viewer|media|site|dev|docs)(\/|$)/;

class Timeout extends Error {}
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const id = setTimeout(() => reject(new Timeout()), ms);
    p.then(
      (v) => {
        clearTimeout(id);
        resolve(v);
      },
      (e) => {
        clearTimeout(id);
        reject(e);
      },
    );
  });
}

function cookieOrQuery(req: FastifyRequest, snake: string, camel: string): string | null {
  // any address (the catch-all route has no query schema): only string values count
  const query: unknown = req.query;
  const q = query !== null && typeof query === 'object' ? new Map(Object.entries(query)) : new Map<string, unknown>();
  const v = q.get(snake) ?? q.get(camel) ?? req.cookies?.[snake];
  return typeof v === 'string' && v.length > 0 && v.length <= 64 ? v : null;
}

/** A site's own address (its per-site host, else /sites/{id}) with the path asked on a custom domain. */
function defaultAddress(ctx: AppContext, siteId: number, url: string): string {
  const own = siteOrigin(ctx.config, siteId);
  const path = url === '/' ? '' : url.startsWith('/?') ? url.slice(1) : url;
  return own ? `${own}${url}` : `${ctx.config.sitesUrl.replace(/\/$/, '')}/sites/${siteId}${path.startsWith('?') ? `/${path}` : path}`;
}

/** The language the visitor chose earlier (the language cookie), when it names one. */
function rememberedLang(req: FastifyRequest): Language | null {
  const v = req.cookies?.[LANGUAGE_COOKIE];
  return typeof v === 'string' && isLang(v) ? v : null;
}

const queryOf = (url: string) => {
  const i = url.indexOf('?');
  return i < 0 ? '' : url.slice(i);
};

/** The language `?lang=` names (spec codes or their aliases: en, ko, zh-CN ...), if any. */
function queryLang(req: FastifyRequest): Language | null {
  const query: unknown = req.query;
  const v = query !== null && typeof query === 'object' ? (query as Record<string, unknown>).lang : undefined;
  return typeof v === 'string' ? normalizeLang(v) : null;
}

/** The query without its `lang` (it became the address's language segment). */
function queryWithoutLang(url: string): string {
  const q = new URLSearchParams(queryOf(url));
  q.delete('lang');
  const rest = q.toString();
  return rest ? `?${rest}` : '';
}

type Resolved = Awaited<ReturnType<typeof resolveSiteId>>;

export async function viewerPageRoutes(app: App, ctx: AppContext): Promise<void> {
  const errorLang = (req: FastifyRequest): Language => requestLang(req) as Language;
  // Host and site segment -> site: asked on every page view, so remembered briefly (and forgotten
  // whenever any site changes: a new default site or custom domain shows at once in this process).
  // Bounded in bytes: the Host header is the visitor's to choose.
  const resolvedCache = new ByteCache<{ value: Resolved }>('viewer addresses', 1024 * 1024, () => 96, 30_000);
  ctx.events.on('site.invalidated', () => resolvedCache.clear());
  const resolve = async (host: string | undefined, segment: string | undefined): Promise<Resolved> => {
    const key = `${host ?? ''}|${segment ?? ''}`;
    const hit = resolvedCache.get(key);
    if (hit) return hit.value;
    const value = await resolveSiteId(ctx, host, segment);
    resolvedCache.set(key, { value });
    return value;
  };

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (RESERVED.test(path)) return reply.callNotFound();
    const err = /^\/errors\/(403|404|504|403-ip)\/?$/.exec(path);
    if (err) return renderError(ctx, req, reply, { kind: err[1] as '403', lang: errorLang(req) });

    const a = parseAddress(path);
    const resolved = await resolve(req.headers.host, a.siteSegment ?? undefined);
    if (!resolved || (resolved.mode === 'custom-domain' && a.siteSegment))
      return renderError(ctx, req, reply, { kind: '404', lang: errorLang(req) });
    let ps: PublishedSite | null;
    try {
      ps = await withTimeout(getPublishedSite(ctx, resolved.siteId), SITE_TIMEOUT_MS);
    } catch (e) {
      if (e instanceof Timeout) return renderError(ctx, req, reply, { kind: '504', lang: errorLang(req) });
      // the owner's contract ended (terminated or deleted): 410 in the site's language
      if (e instanceof SiteGone) return sendGonePage(reply, e.site, a.lang);
      throw e;
    }
    if (!ps || !addressMatchesSite(a, ps.pathPrefix))
      return renderError(ctx, req, reply, { kind: '404', lang: a.lang && isLang(a.lang) ? a.lang : errorLang(req) });
    // the owner's plan has no custom domain (any more): its visitors go to the site's default address
    if (resolved.mode === 'custom-domain' && !ps.planFlags.privateDomain && siteIdOfHost(ctx.config, req.headers.host) === null)
      return reply.header('cache-control', 'no-store').redirect(defaultAddress(ctx, ps.siteId, req.url), 302);

    const segs: string[] = [];
    if (resolved.mode === 'path') segs.push('sites', String(ps.siteId));
    if (ps.pathPrefix) segs.push(ps.pathPrefix);
    const rootPath = `/${segs.join('/')}`;
    // Another language of the same address (same position or screen, same query), not cached.
    const inLanguage = (lang: Language, query = queryOf(req.url)) =>
      reply.header('cache-control', 'no-store').redirect(
        buildAddress({
          mode: resolved.mode,
          siteId: ps.siteId,
          pathPrefix: ps.pathPrefix,
          lang,
          defaultLanguage: ps.defaultLanguage,
          position: a.position,
          rest: [...a.rest, ...(a.formPage ? [a.formPage] : [])].join('/') || null,
        }) + query,
        302,
      );
    if (a.lang && !ps.languages.includes(a.lang)) {
      // a language the site does not offer (or the owner's plan serves one language only): the default one
      if (isLang(a.lang)) return inLanguage(ps.defaultLanguage);
      return renderError(ctx, req, reply, { kind: '404', lang: errorLang(req) });
    }
    // ?lang= on an address without a language is read as its language segment, under the same rules: moved to that
    // language's address (the default one when the site does not offer it), the query otherwise kept
    const asked = a.lang ? null : queryLang(req);
    if (asked) {
      const offered = ps.languages.includes(asked) && (asked === ps.defaultLanguage || ps.planFlags.multiLanguage);
      return inLanguage(offered ? asked : ps.defaultLanguage, queryWithoutLang(req.url));
    }
    // no language in the address: the visitor's remembered choice, when this site offers it
    const chosen = a.lang ? null : rememberedLang(req);
    if (chosen && chosen !== ps.defaultLanguage && ps.languages.includes(chosen) && ps.planFlags.multiLanguage) return inLanguage(chosen);
    const lang = a.lang ?? ps.defaultLanguage;
    const home = homeOf(rootPath, lang, ps.defaultLanguage);
    // a position the site has no page at (outside the grid, or an empty slot no swipe reaches): not found (decisions.md);
    // the grid is the plan's cut one, so a page the owner's plan no longer serves (page count, swipe) is not found too
    if (a.position && !servesPosition(ps, a.position)) return renderError(ctx, req, reply, { kind: '404', lang, home });

    if (a.formPage) {
      const form = getFormPageHandler();
      if (!form) return renderError(ctx, req, reply, { kind: '404', lang, home });
      return form(ctx, req, reply, {
        siteId: ps.siteId,
        lang,
        page: a.formPage,
        basePath: home,
        mode: resolved.mode,
      });
    }
    const pageId = Number(cookieOrQuery(req, 'page_id', 'pageId'));
    // a running experiment: the visitor's variations, already in the first page (experiments.ts)
    const shown = await shownSite(ctx, req, reply, ps);
    return renderViewer(ctx, req, reply, {
      site: shown.site,
      lang,
      position: a.position,
      preview: false,
      basePath: rootPath,
      mode: resolved.mode,
      variationId: shown.token || null,
      vary: shown.vary,
      pageId: Number.isSafeInteger(pageId) && pageId > 0 && !a.position ? pageId : null,
    });
  };

  const opts = { schema: { hide: true } };
  app.get('/', opts, handler);
  app.get('/sites/:siteId', opts, handler);
  app.get('/sites/:siteId/*', opts, handler);
  app.get('/*', opts, handler);
}
