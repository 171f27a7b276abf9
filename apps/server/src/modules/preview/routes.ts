import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Language, mediaUrl, parseSlug } from '@swipe/core';
import { checkEmail } from '@swipe/core/forms.ts';
import { normalizeLang, translate } from '@swipe/i18n';
import type { EnduserState } from '@swipe/viewer/enduser/types.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { requestLang } from '../../http/lang.js';
import { id } from '../../http/schemas.js';
import { throttle } from '../enduser/guard.js';
import { sendEnduserPage } from '../enduser/html.js';
import { rejectIssues } from '../enduser/service.js';
import type { PublishedSite } from '../published/service.js';
import { findPage, presentCompany, presentPageDetail, presentProducts, presentSeo, presentSite } from '../viewer/present.js';
import { PREVIEW_COOKIE, previewLogin, requirePreview, verifyPreviewToken, workingCopy } from './service.js';

const tags = ['preview'];
const siteParams = z.object({ siteId: id });
const pageParams = z.object({ siteId: id, pageId: id });
const langQuery = z.object({ lang: z.string().max(10).optional(), domain: z.string().max(255).optional() });

function langOf(ps: PublishedSite, asked: unknown): Language {
  const l = typeof asked === 'string' ? normalizeLang(asked) : null;
  return l && ps.languages.includes(l) ? l : ps.defaultLanguage;
}

async function site(ctx: AppContext, siteId: number): Promise<PublishedSite> {
  const ps = await workingCopy(ctx, siteId);
  if (!ps) throw notFound();
  return ps;
}

function noStore(reply: FastifyReply) {
  reply.header('cache-control', 'private, no-store');
}

// The viewer's renderer (modules/viewer/render.ts) draws the working copy when it exists.
type RenderViewer = (
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { site: PublishedSite; lang: Language; position: string; preview: true; basePath: string },
) => Promise<unknown>;
const RENDER_FILE = fileURLToPath(new URL('../viewer/render.ts', import.meta.url));
let renderer: RenderViewer | null = null;
async function viewerRenderer(): Promise<RenderViewer | null> {
  if (renderer) return renderer;
  if (!fs.existsSync(RENDER_FILE)) return null;
  const spec: string = '../viewer/render.js';
  try {
    const mod = (await import(spec)) as { renderViewer?: RenderViewer };
    renderer = typeof mod.renderViewer === 'function' ? mod.renderViewer : null;
  } catch {
    renderer = null;
  }
  return renderer;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Read-only stand-in until the viewer's renderer is there: the first page of the working copy. */
function minimalPreview(ps: PublishedSite, lang: Language, mediaBase: string): string {
  const doc = ps.document;
  const first = doc.categories[0]?.pages.find((p) => p.imageUrl);
  const img = first ? mediaUrl(mediaBase, first.imageUrl) : null;
  const text = first?.mainText?.[lang] ?? '';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${esc(`${translate(lang, 'enduser.preview_title')} | ${doc.name}`)}</title><style>body{margin:0;background:#111;color:#fff;font:15px system-ui,sans-serif}main{max-width:500px;margin:0 auto;min-height:100vh;background:#000;position:relative}.bar{background:#ffb300;color:#111;padding:8px 12px;font-weight:600;font-size:13px}h1{font-size:17px;margin:0;padding:12px}img{display:block;width:100%;height:auto}p{padding:12px;margin:0}</style></head><body><main data-preview="1"><div class="bar">${esc(translate(lang, 'enduser.preview_banner'))}</div><h1>${esc(doc.name)}</h1>${img ? `<img src="${esc(img)}" alt="">` : `<p>${esc(translate(lang, 'enduser.preview_empty'))}</p>`}${text ? `<p>${esc(text)}</p>` : ''}</main></body></html>`;
}

export async function previewSitesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const mediaBase = () => ctx.storage.publicBase();

  // Every preview API read: an authorised caller, the working copy, the asked language; answers are not cached.
  const authorised = async (req: FastifyRequest) => {
    const { siteId } = req.params as { siteId: number };
    await requirePreview(ctx, req, siteId);
    const ps = await site(ctx, siteId);
    return { ps, lang: langOf(ps, (req.query as { lang?: string }).lang) };
  };
  const authorisedSite = async (req: FastifyRequest, reply: FastifyReply) => {
    const found = await authorised(req);
    noStore(reply);
    return found;
  };
  const authorisedPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const found = await authorised(req);
    const loc = findPage(found.ps, (req.params as { pageId: number }).pageId);
    if (!loc) throw notFound();
    noStore(reply);
    return { ...found, loc };
  };

  app.post(
    '/api/v1/preview/site/:siteId/login',
    { schema: { tags, params: siteParams, body: z.object({}).catchall(z.unknown()) } },
    async (req, reply) => {
      const { siteId } = req.params as { siteId: number };
      await throttle(ctx, 'preview', req.ip, siteId);
      const body = req.body as { email?: unknown; password?: unknown };
      const issues = [];
      const e = checkEmail(body.email);
      if (e) issues.push(e);
      if (body.password === undefined || body.password === null || body.password === '')
        issues.push({ path: 'password', key: 'validation.required', params: {} });
      else if (typeof body.password !== 'string') issues.push({ path: 'password', key: 'validation.invalid_type', params: {} });
      else if (body.password.length > 200) issues.push({ path: 'password', key: 'validation.max_length', params: { max: 200 } });
      if (issues.length > 0)
        rejectIssues(
          issues,
          issues.some((i) => i.key === 'validation.invalid_type'),
        );
      if (!(await workingCopy(ctx, siteId))) throw notFound();
      const r = await previewLogin(ctx, siteId, body.email as string, body.password as string, req.ip);
      reply.setCookie(PREVIEW_COOKIE, r.accessToken, {
        path: `/site/${siteId}/preview`,
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.sitesUrl.startsWith('https:'),
        maxAge: r.expiresIn,
      });
      noStore(reply);
      return { ...r, message: translate(requestLang(req), 'enduser.preview_logged_in') };
    },
  );

  app.get('/api/v1/preview/site/:siteId', { schema: { tags, params: siteParams, querystring: langQuery } }, async (req, reply) => {
    const { ps, lang } = await authorisedSite(req, reply);
    return { ...presentSite(ps, lang, { mode: 'path', mediaBase: mediaBase() }), preview: true };
  });
  app.get('/api/v1/preview/site/:siteId/seo', { schema: { tags, params: siteParams, querystring: langQuery } }, async (req, reply) => {
    const { ps, lang } = await authorisedSite(req, reply);
    return presentSeo(ps, lang);
  });
  app.get('/api/v1/preview/site/:siteId/company', { schema: { tags, params: siteParams, querystring: langQuery } }, async (req, reply) => {
    const { ps, lang } = await authorisedSite(req, reply);
    return presentCompany(ps, lang);
  });
  app.get(
    '/api/v1/preview/site/:siteId/page/:pageId',
    { schema: { tags, params: pageParams, querystring: langQuery } },
    async (req, reply) => {
      const { ps, lang, loc } = await authorisedPage(req, reply);
      return presentPageDetail(loc, lang, ps.defaultLanguage);
    },
  );
  app.get(
    '/api/v1/preview/site/:siteId/page/:pageId/product',
    { schema: { tags, params: pageParams, querystring: langQuery } },
    async (req, reply) => {
      const { ps, lang, loc } = await authorisedPage(req, reply);
      return { products: presentProducts(loc, lang, ps.defaultLanguage) };
    },
  );

  // The preview page: the lock screen until authorised, then the working copy through the viewer.
  const previewPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const { siteId } = req.params as { siteId: number };
    const ps = await workingCopy(ctx, siteId);
    if (!ps) throw notFound();
    const rest = ((req.params as { '*'?: string })['*'] ?? '').split('/');
    const slug = parseSlug(rest);
    const lang = langOf(ps, slug.lang ?? (req.query as { lang?: string }).lang ?? requestLang(req));
    const basePath = `/site/${siteId}/preview`;
    const share = await verifyPreviewToken(ctx, siteId, req.cookies?.[PREVIEW_COOKIE]);
    reply.header('x-robots-tag', 'noindex');
    if (!share) {
      if (req.cookies?.[PREVIEW_COOKIE]) reply.clearCookie(PREVIEW_COOKIE, { path: basePath });
      const state: EnduserState = {
        page: 'preview-lock',
        siteId,
        lang,
        languages: ps.languages,
        basePath,
        siteName: ps.document.name,
        logoUrl: mediaUrl('/media', ps.document.logoSetting?.url ?? null),
        langLinks: Object.fromEntries(ps.languages.map((l) => [l, `${basePath}/${l}`])),
        preview: { siteId },
      };
      return sendEnduserPage(ctx, reply, state, {
        title: `${translate(lang, 'enduser.preview_title')} | ${ps.document.name}`,
        status: 200,
      });
    }
    noStore(reply);
    const render = await viewerRenderer();
    if (render) return render(ctx, req, reply, { site: ps, lang, position: slug.position ?? 'A1', preview: true, basePath });
    reply.type('text/html; charset=utf-8');
    return reply.send(minimalPreview(ps, lang, mediaBase()));
  };
  app.get('/site/:siteId/preview', { schema: { hide: true, params: siteParams } }, previewPage);
  app.get(
    '/site/:siteId/preview/*',
    { schema: { hide: true, params: siteParams.extend({ '*': z.string().max(200).optional() }) } },
    previewPage,
  );
}
