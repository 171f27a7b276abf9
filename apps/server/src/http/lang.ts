import { type Lang, langFromAcceptLanguage, normalizeLang } from '@swipe/i18n';
import type { FastifyRequest } from 'fastify';

/** The request's language: ?lang, then the lang cookie, then Accept-Language; ja by default. */
export function requestLang(req: FastifyRequest): Lang {
  // any route's query (typed per route or not): only a string `lang` counts
  const query: unknown = req.query;
  const q = query !== null && typeof query === 'object' && 'lang' in query ? query.lang : undefined;
  const fromQuery = typeof q === 'string' ? normalizeLang(q) : null;
  if (fromQuery) return fromQuery;
  const header = req.headers['accept-language'];
  return langFromAcceptLanguage(Array.isArray(header) ? header[0] : header);
}
