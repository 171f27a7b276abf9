import {
  type AdoptionByPlan,
  checkMonth,
  type DashboardQuery,
  monthOfJst,
  monthRangeJst,
  type RegistrationData,
  type Revenue,
  type UserSite,
} from '@swipe/core';
import type { AppContext } from '../../context.js';
import { fieldError } from '../../errors.js';
import { ByteCache } from '../../lib/bytecache.js';
import { type Actor, assertMenu, scopeSql } from '../accounts/actor.js';
import { accountsDashboard as accounts, type DashboardScope } from '../accounts/service.js';
import { billedRevenueByMonth, lastBilledMonth } from '../billing/service.js';
import { plansDashboard } from '../plans/service.js';
import { siteCountsByStatus } from '../sites/service.js';

// The summary dashboard: no tables of its own; the figures come from the owners' aggregate queries.
// Every figure covers the caller's subtree (a staff member: its owner's), taken from the actor, never from input.

const MONTHS = 12;

/** The 12 Japan months ending at `to` (default: this month), oldest first. */
export function monthsUpTo(to: string | undefined, now: Date): string[] {
  const last = to ?? monthOfJst(now);
  const [y, m] = last.split('-').map(Number) as [number, number];
  return Array.from({ length: MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (MONTHS - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** The 12 months a query asks for, after the month rule on business time: no future month, at most a year back. */
function monthsOf(query: DashboardQuery, now: Date): string[] {
  const refused = query.to ? checkMonth(query.to, now) : null;
  if (refused) throw fieldError('to', refused);
  return monthsUpTo(query.to, now);
}

function scopeOf(actor: Actor): DashboardScope {
  assertMenu(actor, 'summary');
  return { pattern: scopeSql(actor, 'path', 1).param, rootId: actor.ownerId };
}

const TYPE_KEYS = { OEM_MASTER: 'oemMaster', OEM_ADMIN: 'oemAdmin', MASTER_USER: 'masterUser', USER: 'user' } as const;

export async function registrationData(
  ctx: AppContext,
  actor: Actor,
  query: DashboardQuery,
  now = ctx.clock.now(),
): Promise<RegistrationData> {
  const s = scopeOf(actor);
  const months = monthsOf(query, now);
  const from = monthRangeJst(months[0] as string).start;
  const to = monthRangeJst(months[MONTHS - 1] as string).end;
  const rows = await accounts.registrationsByMonth(ctx.db, s, from, to);
  return {
    months: months.map((month) => {
      const out = { month, total: 0, oemMaster: 0, oemAdmin: 0, masterUser: 0, user: 0 };
      for (const r of rows) {
        if (r.month !== month) continue;
        const key = TYPE_KEYS[r.type as keyof typeof TYPE_KEYS];
        if (key) out[key] += r.n;
        out.total += r.n;
      }
      return out;
    }),
  };
}

export async function userSite(ctx: AppContext, actor: Actor): Promise<UserSite> {
  const s = scopeOf(actor);
  const [byStatus, companies] = await Promise.all([siteCountsByStatus(ctx.db, s.pattern), accounts.companyCount(ctx.db, s)]);
  const n = (k: string) => byStatus.get(k) ?? 0;
  return {
    sites: [...byStatus.values()].reduce((a, b) => a + b, 0),
    companies,
    sitesByStatus: { draft: n('DRAFT'), publish: n('PUBLISH'), private: n('PRIVATE'), domainVerifying: n('DOMAIN_VERIFYING') },
  };
}

/** The instants the trend is read at: the end of each month (capped at now for the running month) and now. */
function trendInstants(months: string[], now: Date): { label: string; at: Date }[] {
  const at = months.map((month) => {
    const end = monthRangeJst(month).end;
    return { label: month, at: end.getTime() > now.getTime() ? now : end };
  });
  return [...at, { label: 'now', at: now }];
}

interface Trend {
  months: string[];
  buckets: plansDashboard.PlanBucket[];
  plans: Awaited<ReturnType<typeof plansDashboard.planVersions>>;
}

/**
 * The screen asks adoption-by-plan and revenue at once and both need the trend (the heaviest query): one
 * computation per subtree and window serves both, and any call within TREND_TTL_MS.
 */
const TREND_TTL_MS = 10_000;
/** Bounded in bytes like every in-process cache (lib/bytecache.ts); a trend is a few KB, counted as 16. */
const trends = new ByteCache<{ at: number; ctx: AppContext; trend: Promise<Trend> }>('dashboard trends', 2 * 1024 * 1024, () => 16 * 1024);

/** Drops the shared trends (benchmarks time each call cold). */
export function forgetTrends(): void {
  trends.clear();
}

function planTrend(ctx: AppContext, s: DashboardScope, query: DashboardQuery, now: Date): Promise<Trend> {
  const months = monthsOf(query, now);
  const key = `${s.pattern}|${s.rootId}|${months[MONTHS - 1]}`;
  const hit = trends.get(key);
  if (hit && hit.ctx === ctx && Math.abs(now.getTime() - hit.at) < TREND_TTL_MS) return hit.trend;
  const trend = (async () => {
    const buckets = await plansDashboard.plansInForce(ctx.db, s, trendInstants(months, now));
    const plans = await plansDashboard.planVersions(ctx.db, [...new Set(buckets.map((b) => b.planId))]);
    return { months, buckets, plans };
  })();
  trends.set(key, { at: now.getTime(), ctx, trend });
  trend.catch(() => trends.delete(key));
  return trend;
}

export async function adoptionByPlan(
  ctx: AppContext,
  actor: Actor,
  query: DashboardQuery,
  lang: string,
  now = ctx.clock.now(),
): Promise<AdoptionByPlan> {
  const s = scopeOf(actor);
  const [{ months, buckets, plans }, noPlan] = await Promise.all([planTrend(ctx, s, query, now), accounts.accountsWithoutPlan(ctx.db, s)]);
  const familyOf = (planId: number) => plans.byId.get(planId)?.familyId ?? planId;
  const perLabel = new Map<string, Map<number, number>>();
  for (const b of buckets) {
    const m = perLabel.get(b.label) ?? new Map<number, number>();
    m.set(familyOf(b.planId), (m.get(familyOf(b.planId)) ?? 0) + b.accounts);
    perLabel.set(b.label, m);
  }
  const current = perLabel.get('now') ?? new Map<number, number>();
  const families = [...plans.newest.values()]
    .map((p) => ({ planId: p.familyId, name: p.names[lang] || p.name, price: p.price, accounts: current.get(p.familyId) ?? 0 }))
    .sort((a, b) => a.price - b.price || a.planId - b.planId);
  return {
    plans: families,
    noPlan,
    months: months.map((month) => {
      const m = perLabel.get(month) ?? new Map<number, number>();
      return { month, plans: families.map((f) => ({ planId: f.planId, accounts: m.get(f.planId) ?? 0 })) };
    }),
  };
}

/**
 * MRR and ARR as subscription analytics define them (docs/decisions.md "MRR and ARR"): the monthly plan price and
 * licence fee of every account whose contract is in force now, on the plan in force now; one-off fees and usage never
 * count. ARR = MRR x 12. Revenue per month: that month's bills, else the prices of the plans in force that month.
 */
export async function revenue(ctx: AppContext, actor: Actor, query: DashboardQuery, now = ctx.clock.now()): Promise<Revenue> {
  const s = scopeOf(actor);
  const months = monthsOf(query, now);
  const [billed, last, recurring, trend] = await Promise.all([
    billedRevenueByMonth(ctx.db, s.pattern, s.rootId, months[0] as string, months[MONTHS - 1] as string),
    lastBilledMonth(ctx.db, s.pattern, s.rootId, months[MONTHS - 1] as string),
    plansDashboard.recurringAt(ctx.db, s, now),
    planTrend(ctx, s, query, now),
  ]);
  const estimate = new Map<string, number>();
  for (const b of trend.buckets)
    estimate.set(b.label, (estimate.get(b.label) ?? 0) + b.accounts * (trend.plans.byId.get(b.planId)?.price ?? 0));
  const mrr = recurring.planYen + recurring.licences * ctx.config.billing.licenseFeeYen;
  return {
    mrr,
    arr: mrr * 12,
    paidPlans: recurring.paidAccounts,
    billedMonth: last?.month ?? null,
    months: months.map((month) => {
      const b = billed.get(month);
      return b
        ? { month, amount: b.amount, source: 'bills' as const }
        : { month, amount: estimate.get(month) ?? 0, source: 'plan_prices' as const };
    }),
  };
}
