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

/**
 * The operator's preview entrance (GET /site/{id}/preview-enter?lang=…#ticket=…): the ticket stays in the
 * fragment, which no request carries; ENTER_SCRIPT posts it to the exchange call and moves on to the preview
 * (or to the lock page, in the link's language, when the ticket is refused).
 */
export function sendEnterPage(ctx: AppContext, reply: FastifyReply, lang: Language) {
  const text = translate(lang, 'enduser.preview_logged_in');
  reply.header('content-security-policy', lockPageCsp(ctx));
  reply.header('referrer-policy', 'no-referrer');
  reply.type('text/html; charset=utf-8');
  return reply.send(
    `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang === 'cn' ? 'zh' : lang}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
      // an icon of its own: without one a browser asks for /favicon.ico, which the sites origin does not have (404)
      `<link rel="icon" href="data:,">` +
      `<title>${translate(lang, 'enduser.preview_title')}</title><script src="/_preview/enter.js" defer></script></head>` +
      `<body style="font-family:sans-serif;display:grid;place-items:center;min-height:90vh;margin:0"><main><p role="status">${text}</p></main></body></html>`,
  );
}

/** The entrance's script (served from this origin: the lock page's CSP allows 'self' scripts only). */
export const ENTER_SCRIPT = `(function () {
  var m = /[#&]ticket=([A-Za-z0-9._-]+)/.exec(location.hash);
  var id = location.pathname.split('/')[2];
  var lang = new URLSearchParams(location.search).get('lang') || '';
  var rev = new URLSearchParams(location.search).get('revision') || '';
  var lock = '/site/' + id + '/preview' + (lang ? '?lang=' + encodeURIComponent(lang) : '');
  history.replaceState(null, '', location.pathname + location.search);
  if (!m || !/^\\d+$/.test(id)) return location.replace(lock);
  fetch('/api/v1/preview/site/' + id + '/operator', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(/^\\d{1,9}$/.test(rev) ? { ticket: m[1], lang: lang, revision: Number(rev) } : { ticket: m[1], lang: lang }),
  })
    .then(function (r) { return r.ok ? r.json() : null; })
    .then(function (d) { location.replace(d && typeof d.next === 'string' && d.next.charAt(0) === '/' ? d.next : lock); }, function () { location.replace(lock); });
})();
`;
