import { type Language, type PreviewLoginInput, parseSlug } from '@swipe/core';
import { checkLogin } from '@swipe/core/forms.ts';
import { normalizeLang, translate } from '@swipe/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { invalid, notFound } from '../../errors.js';
import { requestLang } from '../../http/lang.js';
import type { PublishedSite } from '../published/service.js';
import { findSite, planOf, readSiteDocument, revisionSnapshot } from '../sites/service.js';
import { findPage, presentCompany, presentPageDetail, presentProducts, presentSeo, presentSite, renderViewer } from '../viewer/service.js';
import { exchangePreviewTicket, issuePreviewToken, PREVIEW_COOKIE, requirePreview, verifyPreviewToken } from './credential.js';
import { sendLockPage } from './lock.js';

// The invitee preview of a site's working copy (viewer.md 2, 4, 6): the lock screen and its login,
// then the same calls and pages visitors get, drawn from the unpublished document.

export { PREVIEW_COOKIE, type PreviewViewer, passcodeVersion, requirePreview, verifyPreviewToken } from './credential.js';
export { ENTER_SCRIPT, sendEnterPage } from './lock.js';

/** The site's working copy shaped like a publication, so the viewer's presenters and renderer can draw it. */
export async function workingCopy(ctx: AppContext, siteId: number): Promise<PublishedSite | null> {
  const row = await findSite(ctx.db, siteId);
  if (!row) return null;
  const [document, plan] = await Promise.all([readSiteDocument(ctx.db, row), planOf(ctx.db, row.account_id)]);
  return {
    siteId: row.id,
    uuid: row.uuid,
    version: row.publish_version,
    publishedAt: new Date(row.updated_at).toISOString(),
    isDefault: row.is_default,
    customDomain: null,
    pathPrefix: row.path_prefix,
    defaultLanguage: document.defaultLanguage,
    languages: document.languages,
    planFlags: plan.flags,
    document,
  };
}

/** A kept revision shaped like a publication (the operator's preview of an earlier revision); null when not kept. */
export async function revisionCopy(ctx: AppContext, siteId: number, revision: number): Promise<PublishedSite | null> {
  const row = await findSite(ctx.db, siteId);
  const snap = row ? await revisionSnapshot(ctx, siteId, revision) : null;
  if (!row || !snap) return null;
  const plan = await planOf(ctx.db, row.account_id);
  return {
    siteId: row.id,
    uuid: row.uuid,
    version: snap.version,
    publishedAt: snap.publishedAt,
    isDefault: row.is_default,
    customDomain: null,
    pathPrefix: row.path_prefix,
    defaultLanguage: snap.document.defaultLanguage,
    languages: snap.document.languages,
    planFlags: plan.flags,
    document: snap.document,
  };
}

function langOf(ps: PublishedSite, asked: string | undefined): Language {
  const l = asked ? normalizeLang(asked) : null;
  return l && ps.languages.includes(l) ? l : ps.defaultLanguage;
}

/** POST preview/site/{id}/login: the lock screen's check (checkLogin), then the throttled passcode check. */
export async function previewLogin(ctx: AppContext, siteId: number, input: PreviewLoginInput, ip: string, lang: Language) {
  const issues = checkLogin(input.email, input.password);
  if (issues.length > 0) throw invalid(issues, issues.some((i) => i.key === 'validation.invalid_type') ? 400 : 422);
  const r = await issuePreviewToken(ctx, siteId, String(input.email).trim(), String(input.password), ip);
  return { ...r, message: translate(lang, 'enduser.preview_logged_in') };
}

/**
 * POST preview/site/{id}/operator {ticket, lang}: the operator's ticket becomes a preview session (the
 * caller sets the cookie); `next` is the preview in the asked language, when the site has it.
 */
export async function previewOperatorSession(
  ctx: AppContext,
  siteId: number,
  ticket: string,
  asked: string | undefined,
  revision?: number,
) {
  const session = await exchangePreviewTicket(ctx, siteId, ticket);
  const l = asked ? normalizeLang(asked) : null;
  return { ...session, next: `/site/${siteId}/preview${l ? `/${l}` : ''}${revision ? `?revision=${revision}` : ''}` };
}

// Every preview API read: an authorised caller, the working copy, the asked language.
async function authorised(ctx: AppContext, req: FastifyRequest, siteId: number, asked: string | undefined) {
  await requirePreview(ctx, req, siteId);
  const ps = await workingCopy(ctx, siteId);
  if (!ps) throw notFound();
  return { ps, lang: langOf(ps, asked) };
}

export async function previewSite(ctx: AppContext, req: FastifyRequest, siteId: number, asked: string | undefined) {
  const { ps, lang } = await authorised(ctx, req, siteId, asked);
  return { ...presentSite(ps, lang, { mode: 'path', mediaBase: ctx.storage.publicBase() }), preview: true as const };
}

export async function previewSeo(ctx: AppContext, req: FastifyRequest, siteId: number, asked: string | undefined) {
  const { ps, lang } = await authorised(ctx, req, siteId, asked);
  return presentSeo(ps, lang);
}

export async function previewCompany(ctx: AppContext, req: FastifyRequest, siteId: number, asked: string | undefined) {
  const { ps, lang } = await authorised(ctx, req, siteId, asked);
  return presentCompany(ps, lang);
}

async function authorisedPage(ctx: AppContext, req: FastifyRequest, p: { siteId: number; pageId: number }, asked: string | undefined) {
  const found = await authorised(ctx, req, p.siteId, asked);
  const loc = findPage(found.ps, p.pageId);
  if (!loc) throw notFound();
  return { ...found, loc };
}

export async function previewPageDetail(ctx: AppContext, req: FastifyRequest, p: { siteId: number; pageId: number }, asked?: string) {
  const { ps, lang, loc } = await authorisedPage(ctx, req, p, asked);
  return presentPageDetail(loc, lang, ps.defaultLanguage);
}

export async function previewProducts(ctx: AppContext, req: FastifyRequest, p: { siteId: number; pageId: number }, asked?: string) {
  const { ps, lang, loc } = await authorisedPage(ctx, req, p, asked);
  return { products: presentProducts(loc, lang, ps.defaultLanguage) };
}

/**
 * GET /site/{id}/preview[/…]: the lock screen until the preview cookie is valid (nothing of the site is
 * read for it), then the working copy through the viewer's renderer; `revision`: a kept revision instead, for a
 * signed-in operator's session only (an invitee sees the working copy and nothing of the history: 404).
 */
export async function previewPage(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  p: { siteId: number; rest: string; lang: string | undefined; revision?: number },
) {
  const slug = parseSlug(p.rest.split('/'));
  const asked = slug.lang ?? p.lang;
  const basePath = `/site/${p.siteId}/preview`;
  reply.header('x-robots-tag', 'noindex');
  const viewer = await verifyPreviewToken(ctx, p.siteId, req.cookies?.[PREVIEW_COOKIE]);
  if (!viewer) {
    if (req.cookies?.[PREVIEW_COOKIE]) reply.clearCookie(PREVIEW_COOKIE, { path: basePath });
    return sendLockPage(ctx, reply, p.siteId, (asked && normalizeLang(asked)) || requestLang(req));
  }
  if (p.revision !== undefined && viewer.kind !== 'operator') throw notFound();
  const ps = p.revision !== undefined ? await revisionCopy(ctx, p.siteId, p.revision) : await workingCopy(ctx, p.siteId);
  if (!ps) throw notFound();
  const lang = langOf(ps, asked ?? requestLang(req));
  return renderViewer(ctx, req, reply, { site: ps, lang, position: slug.position ?? 'A1', preview: true, basePath });
}
