import { createHash } from 'node:crypto';
import type { ErrorBoot, ErrorKind, PageDetailResponse, ViewerBoot, ViewerSite } from '@swipe/core';
import { parsePosition, positionCode } from '@swipe/core/address.ts';
import { IMAGE_WIDTHS, type Language, VIEWER } from '@swipe/core/constants.ts';
import { mediaUrl, webpSrcSet } from '@swipe/core/media.ts';
import { checkBodyScript } from '@swipe/core/validation.ts';
import { type Lang, pickDictionary } from '@swipe/i18n';
import { firstEnterable } from '@swipe/viewer/engine/grid.ts';
import { homeOf, positionPath } from '@swipe/viewer/lib/paths.ts';
import { inlineJson, renderViewerApp } from '@swipe/viewer/ssr.tsx';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { type Compressed, compressOnce, sendEncoded, settled } from '../../http/encoding.js';
import { cacheable, type VaryFn } from '../../http/microcache.js';
import { ByteCache, perContext } from '../../lib/bytecache.js';
import type { PublishedSite } from '../published/service.js';
import { entryAssets } from './assets.js';
import { etagOf, versionKey } from './cache.js';
import { fillDetails, placeholderFill } from './placeholders.js';
import { findPage, pagesOf, presentPageDetail, presentSeo, presentSite } from './present.js';

// Server rendering of the viewer: the HTML of any position, with per-language SEO tags, the page's
// image preloaded with its webp srcset, the data and the viewer's dictionary inlined, and a CSP
// that allows our one inline script by its hash. React hydrates it with the same data
// (apps/viewer/src/client.tsx). A rendered page is the same bytes for every visitor, so it is
// encoded, compressed and hashed once per publication and position, then sent as it is.

export interface RenderOptions {
  /** a PublishedSite-shaped object: the publication, or (preview) the working copy */
  site: PublishedSite;
  lang: Language;
  /** position code such as `B3`; a missing or unusable one opens the first page */
  position: string | null | undefined;
  preview: boolean;
  /** the site root without a language segment: `/`, `/sites/3`, `/shop`, `/site/3/preview` */
  basePath: string;
  mode?: ViewerSite['mode'];
  variationId?: string | null;
  /** page id from the query or cookie (viewer.md 2): opens that page */
  pageId?: number | null;
  /**
   * The page depends on the visitor (a running experiment: experiments.ts): sent `private`, and kept by the
   * micro-cache per variation (`variationId`), which finds a request's variation with this function.
   */
  vary?: VaryFn;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A finished response body: the same bytes for every request until the site is published again. */
export interface RenderedHtml extends Compressed {
  raw: Buffer;
  etag: string;
  csp: string;
}
// brotli arrives after the entry is counted and is smaller than gzip: gzip is counted twice
const htmlBytes = (r: RenderedHtml) => r.raw.length + 2 * (r.gzip?.length ?? 0) + r.csp.length * 2 + 64;
// Bounded in bytes: the key holds the Host and the variation, which visitors choose.
const ssrCacheOf = perContext(() => new ByteCache<RenderedHtml>('viewer pages', 24 * 1024 * 1024, htmlBytes));
const errorCacheOf = perContext(() => new ByteCache<RenderedHtml>('viewer error pages', 2 * 1024 * 1024, htmlBytes));

/**
 * The CSP of viewer pages: our bootstrap script by its hash (or from this origin), operator script
 * buttons as blob: scripts the viewer creates, operator snippets only as <script src>. Inline script
 * injected into the markup never runs.
 */
export function viewerCsp(ctx: AppContext, scriptHash: string): string {
  const media = (() => {
    try {
      return new URL(ctx.storage.publicBase()).origin;
    } catch {
      return '';
    }
  })();
  const admin = new URL(ctx.config.adminUrl).origin;
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHash ? ` '${scriptHash}'` : ''} blob: https:`,
    "style-src 'self' 'unsafe-inline' https:",
    `img-src 'self' data: blob: https: ${media}`,
    `media-src 'self' blob: https: ${media}`,
    "font-src 'self' data: https:",
    `connect-src 'self' https: ${media}`,
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    `frame-ancestors 'self' ${admin}`,
  ].join('; ');
}

function finish(ctx: AppContext, doc: { html: string; scriptHash: string }): RenderedHtml {
  const raw = Buffer.from(doc.html, 'utf8');
  return compressOnce(raw, { raw, etag: etagOf(raw), csp: viewerCsp(ctx, doc.scriptHash) });
}

function sendHtml(req: FastifyRequest, reply: FastifyReply, r: RenderedHtml, status: number, perVisitor = false) {
  reply.code(status);
  reply.header('content-security-policy', r.csp);
  reply.header('cache-control', perVisitor ? 'private, no-cache' : 'no-cache');
  reply.header('x-content-type-options', 'nosniff');
  reply.type('text/html; charset=utf-8');
  if (status === 200) {
    reply.header('etag', r.etag);
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === r.etag))
      return reply.header('vary', 'accept-encoding').code(304).send();
  }
  return sendEncoded(req, reply, r.raw, r);
}

function document(ctx: AppContext, o: { lang: Language; head: string; body: string }): { html: string; scriptHash: string } {
  const assets = entryAssets(ctx);
  // The bundle is fetched and run after the first frame: the server-rendered page paints before any
  // JavaScript is even requested (its chunks are preloaded at that moment, in parallel).
  const code = assets
    ? `(function(){var d=0;function g(){if(d)return;d=1;${JSON.stringify(assets.preload)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});import(${JSON.stringify(assets.js)}).catch(function(){var v={};try{v=JSON.parse(document.getElementById("__VIEWER__").textContent).dict.viewer}catch(e){}var b=document.createElement("button");b.className="vw-chunk";b.textContent=(v.chunk_failed||"Reload")+" ↻";b.onclick=function(){location.reload()};document.body.appendChild(b)})}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(g,100)})});setTimeout(g,2000)})()`
    : '';
  const scripts = code ? `<script>${code}</script>` : '';
  const scriptHash = code ? `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}` : '';
  const html = `<!doctype html><html lang="${htmlLang(o.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><meta name="theme-color" content="#000000">${o.head}<style>${assets?.css ?? ''}</style>${scripts}</head><body>${o.body}</body></html>`;
  return { html, scriptHash };
}

/** `<html lang>`: the spec's codes kr and cn are ko and zh in BCP 47. */
export function htmlLang(l: Language): string {
  return l === 'kr' ? 'ko' : l === 'cn' ? 'zh' : l;
}

/**
 * Renders the viewer for a site at a position. The end-user module's preview route calls this with
 * the working copy and preview: true (every page's detail inlined, no analytics, no popup clicks).
 */
export async function renderViewer(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, o: RenderOptions): Promise<FastifyReply> {
  const ps = o.site;
  const mode = o.mode ?? (o.preview ? 'path' : ps.isDefault ? 'default' : 'path');
  const rootPath = o.basePath || '/';
  const cols = ps.document.numberHorizontal;
  const rows = ps.document.numberVertical;
  const byId = o.pageId ? findPage(ps, o.pageId) : null;
  const asked = byId ? { col: byId.col, row: byId.row } : parsePosition(o.position, cols, rows);
  const origin = `${req.protocol}://${String(req.headers.host ?? '').replace(/[^\w.:-]/g, '')}`;
  // dynamic text: a site with placeholders is rendered per value of the sources it names (placeholders.ts)
  const fill = placeholderFill(ps, req.url);
  const key = `${versionKey(ps)}:${o.lang}:${asked ? positionCode(asked) : '-'}:${rootPath}:${mode}:${origin}:${o.variationId ?? ''}${fill ? `:${fill.key}` : ''}`;
  const store = ssrCacheOf(ctx);
  const hit = o.preview ? undefined : store.get(key);
  const vary = o.vary ? { fn: o.vary, part: o.variationId ?? '' } : undefined;
  if (hit) {
    if (settled(req.headers['accept-encoding'], hit)) cacheable(reply, vary);
    return sendHtml(req, reply, hit, 200, Boolean(vary));
  }

  const mediaBase = ctx.storage.publicBase();
  const site = presentSite(ps, o.lang, { mode, mediaBase });
  // An empty or out-of-grid address opens the first page that has content.
  let start = asked;
  const at = start ? site.categories[start.col]?.pages[start.row] : undefined;
  if (!start || !at || !(at.hasMedia || at.locked)) {
    const col = site.categories.findIndex((_, c) => firstEnterable(site, c) !== null);
    start = col >= 0 ? { col, row: firstEnterable(site, col) as number } : { col: 0, row: 0 };
  }
  const details: Record<number, PageDetailResponse> = {};
  if (o.preview) {
    // Invited reviewers see every page, members-only ones included; no calls needed.
    for (const loc of pagesOf(ps)) if (loc.page.imageUrl) details[Number(loc.page.id)] = presentPageDetail(loc, o.lang, ps.defaultLanguage);
  } else {
    const first = site.categories[start.col]?.pages[start.row];
    const loc = first && !first.locked && first.hasMedia ? findPage(ps, first.id) : null;
    if (loc) details[first?.id as number] = presentPageDetail(loc, o.lang, ps.defaultLanguage);
  }
  fillDetails(details, fill);
  const boot: ViewerBoot = {
    site,
    start,
    details,
    dict: pickDictionary(o.lang as Lang, ['viewer']) as ViewerBoot['dict'],
    preview: o.preview,
    rootPath,
    variationId: o.variationId ?? null,
  };
  const seo = presentSeo(ps, o.lang);
  const position = positionCode(start);
  const current = site.categories[start.col]?.pages[start.row];
  const title = seo.title || ps.document.name;
  const head: string[] = [`<title>${esc(title)}</title>`];
  if (seo.description) head.push(`<meta name="description" content="${esc(seo.description)}">`);
  if (o.preview) head.push('<meta name="robots" content="noindex">');
  const fav = mediaUrl(mediaBase, site.faviconUrl);
  if (fav) head.push(`<link rel="icon" href="${esc(fav)}">`);
  head.push(`<link rel="canonical" href="${esc(origin + positionPath(rootPath, o.lang, ps.defaultLanguage, position))}">`);
  if (!o.preview && ps.languages.length > 1)
    for (const l of ps.languages)
      head.push(
        `<link rel="alternate" hreflang="${htmlLang(l)}" href="${esc(origin + positionPath(rootPath, l, ps.defaultLanguage, position))}">`,
      );
  head.push(`<meta property="og:title" content="${esc(title)}">`);
  if (seo.description) head.push(`<meta property="og:description" content="${esc(seo.description)}">`);
  // The page's image: preloaded at high priority with its webp variants (the LCP element).
  const img =
    current && !current.locked && current.mediaType === 'IMAGE'
      ? current.imageUrl
      : o.preview
        ? details[current?.id ?? 0]?.pageDetail.imageUrl
        : null;
  if (img) {
    const href = mediaUrl(mediaBase, img) as string;
    const raster = !/^https?:\/\//.test(img) && !img.startsWith('/') && /\.(jpe?g|png|jfif|webp)$/i.test(img);
    const sizes = site.viewMode === 'PC' ? '100vw' : `(max-width: ${VIEWER.maxWidth}px) 100vw, ${VIEWER.maxWidth}px`;
    head.push(
      raster
        ? `<link rel="preload" as="image" href="${esc(href)}" imagesrcset="${esc(webpSrcSet(mediaBase, img))}" imagesizes="${sizes}" fetchpriority="high">`
        : `<link rel="preload" as="image" href="${esc(href)}" fetchpriority="high">`,
    );
    head.push(
      `<meta property="og:image" content="${esc(raster ? `${mediaBase}/${img.replace(/\.[^.]+$/, '')}_w${IMAGE_WIDTHS[5]}.webp` : href)}">`,
    );
  }
  if (seo.headTags) head.push(seo.headTags);
  const bodyScripts = seo.body && checkBodyScript(seo.body) === 'ok' ? seo.body : '';
  const app = renderViewerApp(boot);
  const body = `${seo.h1 ? `<h1 class="vw-sr">${esc(seo.h1)}</h1>` : ''}<div id="root">${app}</div><script id="__VIEWER__" type="application/json">${inlineJson(boot)}</script>${bodyScripts}`;
  const rendered = finish(ctx, document(ctx, { lang: o.lang, head: head.join(''), body }));
  if (!o.preview) {
    store.set(key, rendered);
    if (settled(req.headers['accept-encoding'], rendered)) cacheable(reply, vary);
  }
  return sendHtml(req, reply, rendered, 200, Boolean(vary));
}

/** The error screens (403, 404, 504, IP-blocked 403) with back and home, as HTML with their status. */
export function renderError(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  o: { kind: ErrorKind; lang: Language; home?: string },
): FastifyReply {
  const boot: ErrorBoot = {
    error: o.kind,
    lang: o.lang,
    dict: pickDictionary(o.lang as Lang, ['viewer']) as ErrorBoot['dict'],
    rootPath: o.home ?? '/',
  };
  const status = o.kind === '504' ? 504 : o.kind === '404' ? 404 : 403;
  const store = errorCacheOf(ctx);
  const cacheKey = `${o.kind}:${o.lang}:${boot.rootPath}`;
  const hit = store.get(cacheKey);
  if (hit) return sendHtml(req, reply, hit, status);
  const key = o.kind === '403-ip' ? 'ip' : o.kind;
  const title = boot.dict.viewer?.[`error_${key}_title`] ?? o.kind;
  const html = document(ctx, {
    lang: o.lang,
    head: `<title>${esc(title)}</title><meta name="robots" content="noindex">`,
    body: `<div id="root">${renderViewerApp(boot)}</div><script id="__VIEWER__" type="application/json">${inlineJson(boot)}</script>`,
  });
  const rendered = finish(ctx, html);
  store.set(cacheKey, rendered);
  return sendHtml(req, reply, rendered, status);
}

export { homeOf };
