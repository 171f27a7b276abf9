import dns from 'node:dns';
import type { DomainState } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { RetryLater } from '../../jobs/worker.js';
import { type Actor, assertCanEdit } from '../accounts/actor.js';
import {
  applyDomain,
  baseStatusOf,
  enqueueDomainCheck,
  findSite,
  invalidateSite,
  markDomainChecked,
  markDomainFailed,
  markDomainVerified,
  normDomain as norm,
  planFeatureMissing,
  planOf,
  type SiteRow,
  scopedSite,
} from '../sites/service.js';

// Custom domains (back-office.md 2, 4): the operator points a CNAME at config.cnameTarget; a job checks
// it by DNS for up to 72 hours, then the site is "connected" and the sites origin serves it by Host.

export const VERIFY_WINDOW_MS = 72 * 3600 * 1000;

/** Looks up the CNAME records of a host name (injectable: tests use a fake, never the network). */
export type CnameResolver = (host: string) => Promise<string[]>;
const systemResolver: CnameResolver = (host) => dns.promises.resolveCname(host);
const resolvers = new WeakMap<AppContext, CnameResolver>();
export function setCnameResolver(ctx: AppContext, resolver: CnameResolver | undefined): void {
  if (resolver) resolvers.set(ctx, resolver);
  else resolvers.delete(ctx);
}
function resolverOf(ctx: AppContext): CnameResolver {
  return resolvers.get(ctx) ?? systemResolver;
}

function present(ctx: AppContext, site: SiteRow): DomainState {
  return {
    domain: site.custom_domain,
    cnameTarget: ctx.config.cnameTarget,
    status: site.status,
    verified: Boolean(site.domain_verified_at),
    verifiedAt: site.domain_verified_at ? new Date(site.domain_verified_at).toISOString() : null,
    requestedAt: site.domain_requested_at ? new Date(site.domain_requested_at).toISOString() : null,
    checkedAt: site.domain_checked_at ? new Date(site.domain_checked_at).toISOString() : null,
    failed: Boolean(site.domain_failed_at),
  };
}

/** PUT /sites/{id}/domain: needs the plan's privateDomain; answers with the CNAME value to add. */
export async function setDomain(ctx: AppContext, actor: Actor, siteId: number, domain: string) {
  assertCanEdit(actor);
  const site = await ctx.db.tx(async (q) => {
    const s = await scopedSite(q, actor, siteId, true);
    const plan = await planOf(q, s.account_id);
    if (!plan.flags.privateDomain) throw planFeatureMissing('private_domain');
    await applyDomain(q, s, domain, baseStatusOf(s));
    return (await findSite(q, siteId)) as SiteRow;
  });
  await invalidateSite(ctx, siteId);
  return present(ctx, site);
}

/** DELETE /sites/{id}/domain: back to the default address. */
export async function removeDomain(ctx: AppContext, actor: Actor, siteId: number) {
  assertCanEdit(actor);
  const site = await ctx.db.tx(async (q) => {
    const s = await scopedSite(q, actor, siteId, true);
    await applyDomain(q, s, null, baseStatusOf(s));
    return (await findSite(q, siteId)) as SiteRow;
  });
  await invalidateSite(ctx, siteId);
  return present(ctx, site);
}

export async function getDomain(ctx: AppContext, actor: Actor, siteId: number) {
  return present(ctx, await scopedSite(ctx.db, actor, siteId));
}

/** Checks the CNAME once; on success the site is connected and goes back to its status. */
async function checkOnce(ctx: AppContext, siteId: number): Promise<{ verified: boolean; site: SiteRow | undefined }> {
  const site = await findSite(ctx.db, siteId);
  if (!site?.custom_domain) return { verified: false, site };
  if (site.domain_verified_at) return { verified: true, site };
  const host = norm(site.custom_domain);
  let records: string[] = [];
  try {
    records = (await resolverOf(ctx)(host)).map(norm);
  } catch {
    records = []; // ENOTFOUND / ENODATA / timeouts: not there yet
  }
  const ok = records.includes(norm(ctx.config.cnameTarget));
  const updated = await ctx.db.tx(async (q) => {
    const s = await findSite(q, siteId, true);
    // The domain may have changed while we were asking DNS: only the asked-for domain is confirmed.
    if (!s?.custom_domain || norm(s.custom_domain) !== host || s.domain_verified_at) return s;
    if (!ok) {
      await markDomainChecked(q, siteId);
      return (await findSite(q, siteId)) as SiteRow;
    }
    const back = baseStatusOf(s);
    await markDomainVerified(q, siteId, back);
    return (await findSite(q, siteId)) as SiteRow;
  });
  if (ok) await invalidateSite(ctx, siteId);
  return { verified: ok, site: updated };
}

/** POST /sites/{id}/domain/verify: checks now (the job keeps trying in the background otherwise). */
export async function verifyNow(ctx: AppContext, actor: Actor, siteId: number) {
  await scopedSite(ctx.db, actor, siteId, true);
  const r = await checkOnce(ctx, siteId);
  if (!r.verified && r.site?.custom_domain) await enqueueDomainCheck(ctx.db, siteId);
  return present(ctx, (await findSite(ctx.db, siteId)) as SiteRow);
}

/** Delay before the next check: 1, 2, 4 ... minutes, at most 30 minutes. */
export function nextCheckDelayMs(checksSoFar: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, checksSoFar), 30 * 60_000);
}

/** Job 'domain.verify' {siteId}: retries with RetryLater until verified or 72 hours have passed. */
export async function verifyDomainJob(ctx: AppContext, payload: Record<string, unknown>, now: () => number = Date.now): Promise<unknown> {
  const siteId = Number(payload.siteId);
  const r = await checkOnce(ctx, siteId);
  const site = r.site;
  if (!site?.custom_domain || site.deleted_at) return { verified: false, reason: 'no-domain' };
  if (r.verified) return { verified: true, domain: site.custom_domain };
  const started = site.domain_requested_at ? new Date(site.domain_requested_at).getTime() : now();
  if (now() - started >= VERIFY_WINDOW_MS) {
    // Gave up: the site goes back to its own status on the default address; the domain stays unverified.
    await markDomainFailed(ctx.db, siteId);
    await invalidateSite(ctx, siteId);
    return { verified: false, reason: 'expired' };
  }
  // The longer it has been, the less often we ask (1 minute early on, every 30 minutes later).
  const attempt = Math.floor(Math.log2(Math.max(1, (now() - started) / 60_000)));
  throw new RetryLater(new Date(now() + nextCheckDelayMs(attempt)));
}
