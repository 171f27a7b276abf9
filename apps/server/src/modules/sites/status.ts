import type { Queryable } from '../../db/db.js';
import { invalid } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { type BaseStatus, clearDomain, domainTaken, requestDomain, setBaseStatus } from './repo/domain.js';
import type { SiteRow } from './repo.js';

// A site's status with its custom domain (back-office.md 2, 4): an unverified domain puts the site into
// DOMAIN_VERIFYING until the domains module's check connects it (job 'domain.verify', queued by name).

export type { BaseStatus };

export const normDomain = (h: string) => h.trim().toLowerCase().replace(/\.$/, '');

/** The status a site has apart from domain checking. */
export function baseStatusOf(site: Pick<SiteRow, 'status' | 'status_before_domain'>): BaseStatus {
  if (site.status === 'DOMAIN_VERIFYING') return site.status_before_domain ?? 'DRAFT';
  return site.status as BaseStatus;
}

/** Queues the DNS check of a site's domain (handled by the domains module's jobs). */
export function enqueueDomainCheck(q: Queryable, siteId: number): Promise<unknown> {
  return enqueueJob(q, 'domain.verify', { siteId }, { dedupeKey: `site:${siteId}`, maxAttempts: 10_000 });
}

/**
 * Sets (or clears) the custom domain in the caller's transaction and returns the site's new status:
 * an unverified domain puts the site into DOMAIN_VERIFYING (remembering `base` to return to) and queues
 * the check; saving again while unverified re-queues it (saving as draft triggers the check too).
 */
export async function applyDomain(
  q: Queryable,
  site: Pick<SiteRow, 'id' | 'custom_domain' | 'domain_verified_at'>,
  domain: string | null,
  base: BaseStatus,
): Promise<string> {
  const next = domain ? normDomain(domain) : null;
  const current = site.custom_domain ? normDomain(site.custom_domain) : null;
  if (!next) {
    if (current) await clearDomain(q, site.id, base);
    else await setBaseStatus(q, site.id, base);
    return base;
  }
  if (next !== current && (await domainTaken(q, next, site.id)))
    throw invalid([{ path: 'customDomain', key: 'sites.domain_taken', params: {} }]);
  if (next === current && site.domain_verified_at) {
    await setBaseStatus(q, site.id, base);
    return base;
  }
  // New or still unverified: (re)start the 72-hour window when the domain changed or the last one ran out.
  await requestDomain(q, site.id, next, base, next !== current);
  await enqueueDomainCheck(q, site.id);
  return 'DOMAIN_VERIFYING';
}
