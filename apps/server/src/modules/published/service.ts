import type { Language, SiteDocument } from '@swipe/core';
import type { AppContext } from '../../context.js';
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
    const value = JSON.parse(shared) as PublishedSite | null;
    local.set(key, { at: Date.now(), value });
    return value;
  }
  const row = await ctx.db.maybeOne<{
    id: number;
    uuid: string;
    status: string;
    is_default: boolean;
    custom_domain: string | null;
    domain_verified_at: string | null;
    path_prefix: string | null;
    expires_at: string | null;
    default_language: Language;
    languages: Language[];
    version: number;
    document: SiteDocument & { id: number };
    plan_flags: Record<string, boolean>;
    published_at: string;
  }>(
    `SELECT s.id, s.uuid, s.status, s.is_default, s.custom_domain, s.domain_verified_at, s.path_prefix, s.expires_at,
            p.version, p.document, p.plan_flags, p.published_at
       FROM sites s JOIN site_publications p ON p.site_id = s.id
      WHERE s.id = $1 AND s.deleted_at IS NULL`,
    [siteId],
  );
  const servable =
    row &&
    (row.status === 'PUBLISH' || row.status === 'DOMAIN_VERIFYING') &&
    (!row.expires_at || new Date(row.expires_at).getTime() > Date.now());
  const value: PublishedSite | null =
    row && servable
      ? {
          siteId: row.id,
          uuid: row.uuid,
          version: row.version,
          publishedAt: new Date(row.published_at).toISOString(),
          isDefault: row.is_default,
          customDomain: row.domain_verified_at ? row.custom_domain : null,
          pathPrefix: row.path_prefix,
          defaultLanguage: row.document.defaultLanguage,
          languages: row.document.languages,
          planFlags: row.plan_flags,
          document: row.document,
        }
      : null;
  await ctx.kv.set(`site:${siteId}:published`, JSON.stringify(value), TTL_S);
  local.set(key, { at: Date.now(), value });
  return value;
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
    const row = await ctx.db.maybeOne<{ id: number }>(
      'SELECT id FROM sites WHERE lower(custom_domain) = $1 AND domain_verified_at IS NOT NULL AND deleted_at IS NULL',
      [h],
    );
    if (row) return { siteId: row.id, mode: 'custom-domain' };
  }
  if (siteSegment && /^\d{1,15}$/.test(siteSegment)) return { siteId: Number(siteSegment), mode: 'path' };
  const def = await ctx.db.maybeOne<{ id: number }>('SELECT id FROM sites WHERE is_default AND deleted_at IS NULL LIMIT 1');
  return def ? { siteId: def.id, mode: 'default' } : null;
}
