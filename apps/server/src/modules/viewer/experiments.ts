import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  EXPERIMENT_ID_COOKIE,
  EXPERIMENT_VISITOR_COOKIE,
  VARIATION_COOKIE_MAX_AGE_S,
  VARIATION_ID_COOKIE,
  VISITOR_ID_PATTERN,
} from '@swipe/core/experiments.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { VaryFn } from '../../http/microcache.js';
import { isBot, sendsGpc } from '../analytics/service.js';
import {
  type Assignment,
  assign,
  fromToken,
  type LiveExperiment,
  liveExperiments,
  NO_ASSIGNMENT,
  variantSite,
} from '../experiments/service.js';
import type { PublishedSite } from '../published/service.js';

// Which variation of a site's running experiments a visitor's page is rendered in (viewer.md 2: a query or cookie
// carries variationId). The first page is rendered on the server already in the visitor's variations, so nothing
// changes once it paints:
// - `?variationId=` (or variation_id) forces the variations it names (a check: not counted, no cookie), and so does
//   the viewer's own page calls' `variation_id` (the token the rendered page gave it);
// - bots (analytics' one bot rule) and Global Privacy Control see the control, and get no cookie;
// - everyone else: the variations hashed from the session_user_id cookie (made here on the first visit, 3,650 days),
//   GrowthBook's v2 split (packages/core/src/experiments.ts); the spec's experiment_id and variation_id cookies
//   say where the visitor is (the viewer passes them on to external links).
// Such a page depends on the visitor, so it is `private` for shared caches, and the micro-cache keeps one entry per
// variation and computes a request's variation itself (`vary`), exactly as here.

export interface Shown {
  site: PublishedSite;
  /** the variation token the page carries (boot.variationId), '' for the control */
  token: string;
  /** the answer depends on the visitor (private), and the micro-cache finds its variant with this */
  vary?: VaryFn;
}

/** The value of a cookie in a raw Cookie header (the micro-cache runs before Fastify parses cookies). */
function cookieIn(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const seesControl = (headers: IncomingMessage['headers']) => {
  const ua = headers['user-agent'];
  return isBot(typeof ua === 'string' ? ua : undefined) || sendsGpc(headers);
};

/** A Set-Cookie value as the app's (setCookies) would be: the id and the variation cookies, 3,650 days. */
const cookieLine = (name: string, value: string, secure: boolean) =>
  `${name}=${value}; Max-Age=${VARIATION_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;

/**
 * The variation a request gets on the micro-cache's side, exactly as shownSite gives it: the control for bots and
 * GPC, the hashed variation of the visitor's id, and for a first visit a new id with its cookies.
 */
function varyOf(live: readonly LiveExperiment[], secure: boolean): VaryFn {
  return (req) => {
    if (seesControl(req.headers)) return '';
    const header = req.headers.cookie;
    const had = cookieIn(header, EXPERIMENT_VISITOR_COOKIE);
    const fresh = !had || !VISITOR_ID_PATTERN.test(had);
    const uid = fresh ? randomBytes(16).toString('base64url') : had;
    const a = assign(live, uid);
    const ids = a.variationIds.join('.');
    if (!fresh && (cookieIn(header, VARIATION_ID_COOKIE) ?? '') === ids) return a.token;
    const setCookie = [cookieLine(EXPERIMENT_ID_COOKIE, a.experimentIds.join('.'), secure), cookieLine(VARIATION_ID_COOKIE, ids, secure)];
    if (fresh) setCookie.unshift(cookieLine(EXPERIMENT_VISITOR_COOKIE, uid, secure));
    return { part: a.token, setCookie };
  };
}

// one vary function per set of live experiments (the micro-cache keeps it per address)
const varies = new WeakMap<readonly LiveExperiment[], VaryFn>();

function forcedToken(req: FastifyRequest): string | null {
  const query: unknown = req.query;
  if (query === null || typeof query !== 'object') return null;
  const q = query as Record<string, unknown>;
  const v = q.variationId ?? q.variation_id;
  return typeof v === 'string' && v.length <= 200 ? v : null;
}

function setCookies(ctx: AppContext, reply: FastifyReply, a: Assignment, uid: string | null) {
  const opts = {
    path: '/',
    sameSite: 'lax' as const,
    secure: ctx.config.sitesUrl.startsWith('https:'),
    maxAge: VARIATION_COOKIE_MAX_AGE_S,
    // the viewer reads them (viewer.md 4: an external link carries them)
    httpOnly: false,
  };
  if (uid) reply.setCookie(EXPERIMENT_VISITOR_COOKIE, uid, opts);
  reply.setCookie(EXPERIMENT_ID_COOKIE, a.experimentIds.join('.'), opts);
  reply.setCookie(VARIATION_ID_COOKIE, a.variationIds.join('.'), opts);
}

/** The site as this visitor's first page shows it, with the cookies that keep it so (see above). */
export async function shownSite(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, ps: PublishedSite): Promise<Shown> {
  const live = await liveExperiments(ctx, ps.siteId);
  if (!live.some((e) => e.status === 'running')) return { site: ps, token: '' };
  const forced = forcedToken(req);
  if (forced !== null) {
    const a = fromToken(live, forced);
    return { site: variantSite(ps, live, a), token: a.token };
  }
  let vary = varies.get(live);
  if (!vary) {
    vary = varyOf(live, ctx.config.sitesUrl.startsWith('https:'));
    varies.set(live, vary);
  }
  if (seesControl(req.headers)) return { site: ps, token: '', vary };
  const had = req.cookies?.[EXPERIMENT_VISITOR_COOKIE];
  const fresh = !had || !VISITOR_ID_PATTERN.test(had);
  const uid = fresh ? randomBytes(16).toString('base64url') : had;
  const a = live.length ? assign(live, uid) : NO_ASSIGNMENT;
  if (fresh || (req.cookies?.[VARIATION_ID_COOKIE] ?? '') !== a.variationIds.join('.')) setCookies(ctx, reply, a, fresh ? uid : null);
  return { site: variantSite(ps, live, a), token: a.token, vary };
}

/** The site the viewer's page calls describe: the variations their `variation_id` names (the rendered page's token). */
export async function siteForToken(ctx: AppContext, ps: PublishedSite, token: string | undefined): Promise<PublishedSite> {
  if (!token) return ps;
  const live = await liveExperiments(ctx, ps.siteId);
  return live.length ? variantSite(ps, live, fromToken(live, token)) : ps;
}
