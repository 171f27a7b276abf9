import type { Language, SiteDocument } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
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
  planFlags: Record<string, boolean>;
  /** the document with ids, click counts and applicant counts as of publishing */
  document: SiteDocument & { id: number };
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
export { siteHostsSource, siteIdOfHost, siteOrigin } from './hosts.js';

const TTL_S = 300;
type Local = Map<string, { at: number; value: PublishedSite | null }>;
// One cache per context (tests run several servers in one process).
const caches = new WeakMap<AppContext, Local>();
function localCache(ctx: AppContext): Local {
  let local = caches.get(ctx);
  if (!local) {
    const m: Local = new Map();
    local = m;
    caches.set(ctx, m);
    ctx.events.on('site.invalidated', (id: number) => {
      for (const k of m.keys()) if (k.startsWith(`${id}:`)) m.delete(k);
    });
  }
  return local;
}

/**
 * The published site, or null when the site is not served to visitors (draft, private, domain
 * checking without a publication, expired, deleted). Cached in process and in Redis when set;
 * publishing drops the cache (sites/service invalidateSite).
 */
export async function getPublishedSite(ctx: AppContext, siteId: number): Promise<PublishedSite | null> {
  const local = localCache(ctx);
  const key = `${siteId}:`;
  const hit = local.get(key);
  if (hit && Date.now() - hit.at < (ctx.config.redisUrl ? 5_000 : TTL_S * 1000)) return hit.value;
  const shared = await ctx.kv.get(`site:${siteId}:published`);
  if (shared !== null) {
    const value = fromStored(shared);
    local.set(key, { at: Date.now(), value });
    return value;
  }
  const row = await lookups().loadPublication(ctx.db, siteId);
  const servable =
    row &&
    (row.status === 'PUBLISH' || row.status === 'DOMAIN_VERIFYING') &&
    (!row.expires_at || new Date(row.expires_at).getTime() > Date.now());
  // The stored document text is spliced in as is and parsed once, here; the cache keeps it parsed.
  const stored =
    row && servable
      ? `{"meta":${JSON.stringify({
          siteId: Number(row.id),
          uuid: row.uuid,
          version: Number(row.version),
          publishedAt: new Date(row.published_at).toISOString(),
          isDefault: row.is_default,
          customDomain: row.domain_verified_at ? row.custom_domain : null,
          pathPrefix: row.path_prefix,
          planFlags: row.plan_flags,
        })},"document":${row.document}}`
      : 'null';
  const value = fromStored(stored);
  await ctx.kv.set(`site:${siteId}:published`, stored, TTL_S);
  local.set(key, { at: Date.now(), value });
  return value;
}

/** A cached publication text: its meta and document, parsed once; the languages are the snapshot's. */
function fromStored(text: string): PublishedSite | null {
  const v = JSON.parse(text) as {
    meta: Omit<PublishedSite, 'document' | 'defaultLanguage' | 'languages'>;
    document: PublishedSite['document'];
  } | null;
  if (!v) return null;
  // an entry cached by an older version (the whole PublishedSite) is still good until it expires
  if (!v.meta) return 'siteId' in v ? (v as unknown as PublishedSite) : null;
  return { ...v.meta, defaultLanguage: v.document.defaultLanguage, languages: v.document.languages, document: v.document };
}

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
