import { type EnduserState, LANGUAGES, type Language } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { sendEnduserPage } from '../enduser/service.js';

// The preview lock screen (viewer.md 2, 4): shown to whoever has not passed the gate. It names nothing
// of the site (no name, no logo, not even its languages) and looks the same for a site that does not
// exist, so it confirms nothing to a stranger (docs/decisions.md).

/**
 * The lock page runs only our own bundle (no operator code): scripts, styles and requests from this
 * origin alone; framed only by the sites origin and the back-office.
 */
export function lockPageCsp(ctx: AppContext): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${new URL(ctx.config.adminUrl).origin}`,
  ].join('; ');
}

export function sendLockPage(ctx: AppContext, reply: FastifyReply, siteId: number, lang: Language) {
  const basePath = `/site/${siteId}/preview`;
  const state: EnduserState = {
    page: 'preview-lock',
    siteId,
    lang,
    languages: [...LANGUAGES],
    basePath,
    siteName: '',
    logoUrl: null,
    langLinks: Object.fromEntries(LANGUAGES.map((l) => [l, `${basePath}/${l}`])),
    preview: { siteId },
  };
  reply.header('content-security-policy', lockPageCsp(ctx));
  return sendEnduserPage(ctx, reply, state, { title: translate(lang, 'enduser.preview_title'), status: 200 });
}
