import type { Language } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';

// A published site whose owner (or an account above it) is terminated or deleted is gone for visitors:
// its pages answer 410 with this small page in the site's language, its public API calls 410 as JSON.

/** What a gone site still tells: the languages to say so in. */
export interface GoneSite {
  gone: true;
  siteId: number;
  defaultLanguage: Language;
  languages: Language[];
}

export class SiteGone extends AppError {
  constructor(readonly site: GoneSite) {
    super(410, 'SITE_GONE', 'server.site_gone');
  }
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The 410 page, in the language asked for when the site has it, else the site's default language. */
export function sendGonePage(reply: FastifyReply, site: GoneSite, asked: string | null | undefined): FastifyReply {
  const lang = asked && (site.languages as string[]).includes(asked) ? (asked as Language) : site.defaultLanguage;
  const title = translate(lang, 'server.site_gone_title');
  const text = translate(lang, 'server.site_gone');
  const html = `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang === 'cn' ? 'zh' : lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;color:#333;background:#f6f6f6}main{padding:24px;text-align:center}h1{font-size:20px;margin:0 0 8px}</style></head><body><main><h1>${esc(title)}</h1><p>${esc(text)}</p></main></body></html>`;
  return reply
    .status(410)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', CSP)
    .send(html);
}
