import type { Language, SiteDocument } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { ByteCache, perContext } from '../../lib/bytecache.js';
import { isAccountClosed, onAccountsClosed } from '../contracts/service.js';
import { onPlansChanged, planLimitsOf } from '../plans/service.js';
import { gateDocument, planKey, siteServed } from './gating.js';
import { type GoneSite, SiteGone } from './gone.js';
import { siteIdOfHost } from './hosts.js';

/** A published site as visitors get it: the snapshot taken at publish time, plus what governs serving. */
export interface PublishedSite {
  siteId: number;
  uuid: string;
  version: number;
  publishedAt: string;
  isDefault: boolean;
  customDomain: string | null;
  pathPrefix: string | null;
  defaultLanguage: Language;
  languages: Language[];
  /** the owner's plan flags in force (read when the cache is filled, not at publish time) */
  planFlags: Record<string, boolean>;
  /** a fingerprint of the owner's plan limits: payloads cached per publication are keyed by it too */
  planKey?: string;
  /** the publication's own grid when the plan serves fewer pages (their addresses answer not found) */
  cut?: { cols: number; rows: number };
  /** the document with ids, click counts and applicant counts as of publishing */
  document: SiteDocument & { id: number };
  /** the experiment variations this copy of the snapshot shows in place of the control (experiments' variantSite) */
  variantKey?: string;
}

/**
 * What this module reads of sites (it owns no table): the sites module registers these when it loads,
 * so published never imports sites (sites imports published for addresses).
 */
export interface SiteLookups {
  loadPublication(q: Queryable, siteId: number): Promise<PublicationRow | undefined>;
  siteIdByDomain(q: Queryable, host: string): Promise<number | null>;
  defaultSiteId(q: Queryable): Promise<number | null>;
}
export interface PublicationRow {
  id: number;
  /** the owner: when it or an account above it is terminated or deleted, the site is gone (410) */
  account_id: number;
  uuid: string;
  status: string;
  is_default: boolean;
  custom_domain: string | null;
  domain_verified_at: string | null;
  path_prefix: string | null;
  expires_at: string | null;
  version: number;
  /** the snapshot as JSON text */
  document: string;
  plan_flags: Record<string, boolean>;
  published_at: string;
  /** the site's place among its owner's live sites, oldest first (1 = the oldest) */
  site_rank: number;
}
let registered: SiteLookups | null = null;
export function registerSiteLookups(l: SiteLookups): void {
  registered = l;
}
function lookups(): SiteLookups {
  if (!registered) throw new Error('published: the sites module has not registered its lookups');
  return registered;
}

export { type FormPageHandler, type FormPageTarget, getFormPageHandler, setFormPageHandler } from './form-pages.js';
export { type GoneSite, SiteGone, sendGonePage } from './gone.js';
export { siteHostsSource, siteIdOfHost, siteOrigin } from './hosts.js';

const TTL_S = 300;
/** At most this many bytes of published snapshots in process (lib/bytecache.ts); the kv keeps them too. */
export const PUBLISHED_CACHE_BYTES = 48 * 1024 * 1024;
type Local = ByteCache<{ value: PublishedSite | GoneSite | null; bytes: number }>;
// One cache per context (tests run several servers in one process). A snapshot costs about its stored text's
// length in bytes once parsed (measured: 0.85 for an ASCII document), twice that with Japanese text.
const localCache = perContext<{ value: PublishedSite | GoneSite | null; bytes: number }, AppContext>((ctx) => {
  const m: Local = new ByteCache('published snapshots', PUBLISHED_CACHE_BYTES, (e) => e.bytes, ctx.config.redisUrl ? 5_000 : TTL_S * 1000);
  // 0: every site (an account closed, a plan changed, a gap in what other processes said)
  ctx.events.on('site.invalidated', (id: number) => {
    drops.set(ctx, (drops.get(ctx) ?? 0) + 1);
    if (id) m.deleteWhere((k) => k.startsWith(`${id}:`));
    else m.clear();
  });
  return m;
});
/**
 * Drops so far per context: a read that started before a drop (it may hold the text from before the change) keeps
 * nothing in process, or it would serve that text until the entry expires.
 */
const drops = new WeakMap<AppContext, number>();

/**
 * The published site, or null when the site is not served to visitors (draft, private, domain
 * checking without a publication, expired, deleted). Throws SiteGone (410) when its owner, or an
 * account above it, is terminated or deleted. Cached in process and in Redis when set; publishing
 * drops the cache (sites/service invalidateSite), closing accounts drops all of it (below).
 */
/**
 * `db`: where a cache miss reads from; a caller inside a transaction passes its own (PGlite has one
 * connection, so a read through ctx.db there would wait for the transaction forever).
 */
export async function getPublishedSite(ctx: AppContext, siteId: number, db: Queryable = ctx.db): Promise<PublishedSite | null> {
  const value = await cachedEntry(ctx, siteId, db);
  if (value && 'gone' in value) throw new SiteGone(value);
  return value;
}

async function cachedEntry(ctx: AppContext, siteId: number, db: Queryable = ctx.db): Promise<PublishedSite | GoneSite | null> {
  const local = localCache(ctx);
  const key = `${siteId}:`;
  const hit = local.get(key);
  if (hit) return hit.value;
  const seen = drops.get(ctx) ?? 0;
  const shared = await ctx.kv.get(`site:${siteId}:published`);
  if (shared !== null) {
    const value = fromStored(shared);
    if ((drops.get(ctx) ?? 0) === seen) local.set(key, { value, bytes: shared.length * 2 });
    return value;
  }
  const row = await lookups().loadPublication(db, siteId);
  const servable =
    row &&
    (row.status === 'PUBLISH' || row.status === 'DOMAIN_VERIFYING') &&
    (!row.expires_at || new Date(row.expires_at).getTime() > ctx.clock.nowMs());
  // The owner's state and plan travel with the snapshot: read when the cache is filled, none per visit.
  const gone = row && servable && (await isAccountClosed(db, Number(row.account_id))) ? goneOf(row) : null;
  const stored = gone ? JSON.stringify(gone) : row && servable ? await servedText(db, row) : 'null';
  const value = fromStored(stored);
  if ((drops.get(ctx) ?? 0) !== seen) return value;
  await ctx.kv.set(`site:${siteId}:published`, stored, TTL_S);
  local.set(key, { value, bytes: stored.length * 2 });
  return value;
}

/**
 * The cached text of a servable publication as the owner's plan in force lets visitors see it (gating.ts),
 * or 'null' when the plan serves it not at all (past the site count, no page left).
 */
async function servedText(db: Queryable, row: PublicationRow): Promise<string> {
  const limits = await planLimitsOf(db, Number(row.account_id));
  if (!siteServed(limits, Number(row.site_rank ?? 1))) return 'null';
  const parsed = JSON.parse(row.document) as PublishedSite['document'];
  const doc = gateDocument(parsed, limits);
  if (!doc) return 'null';
  const meta = {
    siteId: Number(row.id),
    uuid: row.uuid,
    version: Number(row.version),
    publishedAt: new Date(row.published_at).toISOString(),
    isDefault: row.is_default,
    customDomain: row.domain_verified_at && limits.flags.privateDomain ? row.custom_domain : null,
    pathPrefix: row.path_prefix,
    planFlags: limits.flags,
    planKey: planKey(limits),
    cut:
      doc.numberHorizontal !== parsed.numberHorizontal || doc.numberVertical !== parsed.numberVertical
        ? { cols: parsed.numberHorizontal, rows: parsed.numberVertical }
        : undefined,
  };
  // an untouched document is spliced in as the stored text (no second serialization)
  return `{"meta":${JSON.stringify(meta)},"document":${doc === parsed ? row.document : JSON.stringify(doc)}}`;
}

function goneOf(row: PublicationRow): GoneSite {
  const doc = JSON.parse(row.document) as Pick<PublishedSite['document'], 'defaultLanguage' | 'languages'>;
  return { gone: true, siteId: Number(row.id), defaultLanguage: doc.defaultLanguage, languages: doc.languages };
}

/** A cached publication text: its meta and document, parsed once; the languages are the snapshot's. */
function fromStored(text: string): PublishedSite | GoneSite | null {
  const v = JSON.parse(text) as
    | {
        meta: Omit<PublishedSite, 'document' | 'defaultLanguage' | 'languages'>;
        document: PublishedSite['document'];
      }
    | GoneSite
    | null;
  if (!v) return null;
  if ('gone' in v) return v;
  // an entry cached by an older version (the whole PublishedSite) is still good until it expires
  if (!v.meta) return 'siteId' in v ? (v as unknown as PublishedSite) : null;
  return { ...v.meta, defaultLanguage: v.document.defaultLanguage, languages: v.document.languages, document: v.document };
}

/**
 * Accounts were terminated or deleted: every site below them is gone at once. Which sites those are is
 * the sites module's to know, so every cached publication goes (here and, through the kv, in every
 * process; terminations are rare) and the next visit of each site reads its owner's state again.
 */
/** Drops every cached publication (here, and through the kv in every process) and the caches that follow it. */
export async function dropPublishedSites(ctx: AppContext): Promise<void> {
  await dropAll(ctx);
}

async function dropAll(ctx: AppContext): Promise<void> {
  await ctx.kv.del('site:');
  // every cache of a site, in every process (lib/events.ts), listens for this and starts over: 0 means all sites,
  // whatever this process happened to have cached
  ctx.events.emit('site.invalidated', 0);
}
onAccountsClosed(dropAll);

/**
 * The plan in force changed (an assignment, the monthly job, a plan edited in place): what visitors get
 * follows it at once, so every cached publication goes the same way (plan changes are rare).
 */
onPlansChanged(dropAll);

/** The site a host and path address: a verified custom domain, else /sites/{id}/..., else the default site. */
export async function resolveSiteId(
  ctx: AppContext,
  host: string | undefined,
  siteSegment: string | undefined,
): Promise<{ siteId: number; mode: 'custom-domain' | 'path' | 'default' } | null> {
  const own = siteIdOfHost(ctx.config, host);
  // A site's own host (SITE_SUBDOMAIN_BASE) serves that site only, from its root, like a custom domain.
  if (own !== null) return { siteId: own, mode: 'custom-domain' };
  const h = (host ?? '').split(':')[0]?.toLowerCase() ?? '';
  if (h && h !== 'localhost' && !/^\d+\.\d+\.\d+\.\d+$/.test(h) && h !== new URL(ctx.config.sitesUrl).hostname) {
    const byDomain = await lookups().siteIdByDomain(ctx.db, h);
    if (byDomain !== null) return { siteId: byDomain, mode: 'custom-domain' };
  }
  if (siteSegment && /^\d{1,15}$/.test(siteSegment)) return { siteId: Number(siteSegment), mode: 'path' };
  const def = await lookups().defaultSiteId(ctx.db);
  return def !== null ? { siteId: def, mode: 'default' } : null;
}
