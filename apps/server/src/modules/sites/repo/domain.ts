import type { Queryable } from '../../../db/db.js';

// The custom-domain columns of sites (custom_domain, domain_*_at, status_before_domain): the domains
// module drives them through sites' service.

export type BaseStatus = 'DRAFT' | 'PUBLISH' | 'PRIVATE';

export async function clearDomain(q: Queryable, siteId: number, base: BaseStatus): Promise<void> {
  await q.query(
    'UPDATE sites SET custom_domain = NULL, domain_verified_at = NULL, status = $2, status_before_domain = NULL WHERE id = $1',
    [siteId, base],
  );
}

export async function setBaseStatus(q: Queryable, siteId: number, base: BaseStatus): Promise<void> {
  await q.query('UPDATE sites SET status = $2, status_before_domain = NULL WHERE id = $1', [siteId, base]);
}

/** Another live site already uses this domain (lower-cased). */
export async function domainTaken(q: Queryable, domain: string, siteId: number): Promise<boolean> {
  const r = await q.maybeOne('SELECT id FROM sites WHERE lower(custom_domain) = $1 AND id <> $2 AND deleted_at IS NULL', [domain, siteId]);
  return Boolean(r);
}

/** A new or still unverified domain: DOMAIN_VERIFYING, remembering `base`; the 72-hour window restarts when asked. */
export async function requestDomain(q: Queryable, siteId: number, domain: string, base: BaseStatus, restart: boolean): Promise<void> {
  await q.query(
    `UPDATE sites SET custom_domain = $2, domain_verified_at = NULL, status = 'DOMAIN_VERIFYING', status_before_domain = $3,
       domain_requested_at = CASE WHEN $4 OR domain_requested_at IS NULL OR domain_failed_at IS NOT NULL THEN now() ELSE domain_requested_at END,
       domain_failed_at = NULL
     WHERE id = $1`,
    [siteId, domain, base, restart],
  );
}

export async function markDomainChecked(q: Queryable, siteId: number): Promise<void> {
  await q.query('UPDATE sites SET domain_checked_at = now() WHERE id = $1', [siteId]);
}

/** Connected: verified now, and the site goes back to its own status. */
export async function markDomainVerified(q: Queryable, siteId: number, back: BaseStatus): Promise<void> {
  await q.query(
    `UPDATE sites SET domain_verified_at = now(), domain_checked_at = now(), domain_failed_at = NULL,
       status = CASE WHEN status = 'DOMAIN_VERIFYING' THEN $2 ELSE status END, status_before_domain = NULL WHERE id = $1`,
    [siteId, back],
  );
}

/** Gave up: back to its own status on the default address; the domain stays, unverified. */
export async function markDomainFailed(q: Queryable, siteId: number): Promise<void> {
  await q.query(
    `UPDATE sites SET domain_failed_at = now(), status = CASE WHEN status = 'DOMAIN_VERIFYING' THEN COALESCE(status_before_domain, 'DRAFT') ELSE status END,
       status_before_domain = NULL WHERE id = $1`,
    [siteId],
  );
}

/** The live site a verified custom domain names (lower-cased host). */
export async function siteIdByDomain(q: Queryable, host: string): Promise<number | null> {
  const r = await q.maybeOne<{ id: number }>(
    'SELECT id FROM sites WHERE lower(custom_domain) = $1 AND domain_verified_at IS NOT NULL AND deleted_at IS NULL',
    [host],
  );
  return r ? Number(r.id) : null;
}

/** The default site (served at the root of the sites origin), if any. */
export async function defaultSiteId(q: Queryable): Promise<number | null> {
  const r = await q.maybeOne<{ id: number }>('SELECT id FROM sites WHERE is_default AND deleted_at IS NULL LIMIT 1');
  return r ? Number(r.id) : null;
}
