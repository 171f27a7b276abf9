import { z } from 'zod';
import { yearMonth } from './billing.js';

// Shapes of the dashboard module (back-office.md 1 and 7): GET /dashboard/registration-data,
// user-site, adoption-by-plan, revenue. Every figure covers the caller's subtree (staff: their owner's).
// Months are Japan months (YYYY-MM); money is integer yen (the screen shows it with core's formatYen).

/**
 * Optional last month of the 12 shown (default: this month in Japan). The format here; no future month and not more
 * than a year back are checked by the service against business time (core checkMonth with ctx.clock).
 */
export const dashboardQuery = z.object({ to: yearMonth.optional() });
export type DashboardQuery = z.output<typeof dashboardQuery>;

const count = z.number().int().min(0);

/** Accounts registered per month (Japan time) by type, the 12 months up to `to`. Staff accounts are not registrations. */
export const registrationData = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      total: count,
      oemMaster: count,
      oemAdmin: count,
      masterUser: count,
      user: count,
    }),
  ),
});
export type RegistrationData = z.output<typeof registrationData>;

/** Sites made (live sites of the subtree, the caller's own included) by status, and companies (customer accounts below the caller). */
export const userSite = z.object({
  sites: count,
  companies: count,
  sitesByStatus: z.object({ draft: count, publish: count, private: count, domainVerifying: count }),
});
export type UserSite = z.output<typeof userSite>;

/** A plan family (its versions together) with the name of its newest version in the caller's language. */
export const dashboardPlan = z.object({
  planId: z.number().int(),
  name: z.string(),
  /** price of the newest version, yen per month */
  price: count,
  /** accounts on the plan now */
  accounts: count,
});
export type DashboardPlan = z.output<typeof dashboardPlan>;

export const adoptionByPlan = z.object({
  plans: z.array(dashboardPlan),
  /** accounts below the caller with no plan now */
  noPlan: count,
  /** the plan in force in each month (accounts' planInForce rule), per plan family */
  months: z.array(z.object({ month: z.string(), plans: z.array(z.object({ planId: z.number().int(), accounts: count })) })),
});
export type AdoptionByPlan = z.output<typeof adoptionByPlan>;

export const REVENUE_SOURCES = ['bills', 'plan_prices'] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];

export const revenue = z.object({
  /**
   * monthly recurring revenue now, yen (docs/decisions.md "MRR and ARR"): the monthly plan price and licence fee of
   * every account whose contract is in force; one-off fees (initial fee, page-view overage) never count
   */
  mrr: count,
  /** annual recurring revenue (MRR x 12), yen */
  arr: count,
  /** accounts below the caller whose contract is in force on a plan priced above 0 */
  paidPlans: count,
  /** the last month of the chart that has bills, else null */
  billedMonth: z.string().nullable(),
  /** revenue per month: a month's bills where it has any, else the prices of the plans in force that month */
  months: z.array(z.object({ month: z.string(), amount: count, source: z.enum(REVENUE_SOURCES) })),
});
export type Revenue = z.output<typeof revenue>;
