import { type AccountType, monthRangeJst } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { fieldError } from '../../errors.js';
import type { Actor } from '../accounts/actor.js';
import { accountsChanged, applyNextPlans, findOemMasterAbove, subtreesOf } from '../accounts/service.js';
import { recordHistory } from '../contracts/service.js';
import { listPlansOwnedBy, lockAssignablePlan } from './repo.js';

// What other modules use of plans: what a plan allows (limits.ts), the plan in force in a month (repo/in-force.ts),
// the /plan screen's plan, the plans an account may be given, next month's plans taking effect, and the dashboard's
// plan figures. Plans own the plans table; which plan an account holds is a column of the account (accounts).

export { NO_PLAN, PLATFORM_LIMITS, type PlanLimits, planLimitsOf } from './limits.js';
export { myPlan } from './my-plan.js';
export * as plansDashboard from './repo/dashboard.js';
export { type BillableAccount, billableAccounts, type PlanInForce, planInForce } from './repo/in-force.js';
export { assignablePlanNames, insertPlans, type NewPlan, plansInSubtree } from './repo.js';

type PlansHandler = (ctx: AppContext, accountIds: number[]) => Promise<void>;
const plansHandlers: PlansHandler[] = [];
/**
 * Called after the plan in force changed for these accounts (an assignment, the monthly next-plan job,
 * a plan edited in place): what visitors get follows the plan, so the published module registers how
 * it drops what it cached (plans never imports it).
 */
export function onPlansChanged(handler: PlansHandler): void {
  plansHandlers.push(handler);
}
/** Call after the transaction that changed the plans has committed. */
export async function plansChanged(ctx: AppContext, accountIds: number[]): Promise<void> {
  for (const h of plansHandlers) await h(ctx, accountIds);
}

/**
 * A plan the creator may assign (decisions.md "Plan assignment"): staff take their parent's plan (none
 * of their own); inside an OEM master's subtree only that OEM master's own plans; elsewhere (the
 * platform master's children) only the platform's plans. Anything else, unknown ids included, is 422.
 * The plan row stays locked until the caller's transaction ends, so an edit or archive waits for the assignment.
 */
export async function assertAssignablePlan(
  q: Queryable,
  actor: Actor,
  type: AccountType,
  planId: number | null | undefined,
): Promise<void> {
  if (planId === null || planId === undefined) return;
  const invalid = () => fieldError('planId', 'validation.plan_not_assignable');
  if (type === 'SUB_ADMIN') throw invalid();
  // only a family's latest, unarchived version
  const plan = await lockAssignablePlan(q, planId);
  if (!plan) throw invalid();
  const oemMaster = await findOemMasterAbove(q, actor.ownerId);
  const owner = plan.owner_account_id === null ? null : Number(plan.owner_account_id);
  if (owner !== oemMaster) throw invalid();
}

/** The plans the caller's subtree may be given: the nearest OEM master's own, else the platform's (cheapest first). */
export async function plansOfferedTo(q: Queryable, actor: Actor): Promise<{ id: number; name: string; price: number }[]> {
  return listPlansOwnedBy(q, await findOemMasterAbove(q, actor.ownerId));
}

/**
 * The monthly job's rule (00:00 in Japan on the 1st of `period`, YYYY-MM): next month's plan becomes the plan. Its
 * history rows are dated that moment, when the change takes effect, even when the job runs late (the plan in force
 * reads them); without a period, the clock's now. Idempotent.
 */
export async function applyPlanChanges(ctx: AppContext, period?: string): Promise<{ changed: number }> {
  const at = period ? monthRangeJst(period).start : ctx.clock.now();
  const rows = await ctx.db.tx(async (q) => {
    const changed = await applyNextPlans(q);
    await recordHistory(
      q,
      at,
      changed.map((c) => ({
        accountId: Number(c.id),
        executorId: null,
        content: 'plan_changed',
        from: c.contract_status,
        to: c.contract_status,
        planId: Number(c.plan_id),
      })),
    );
    return {
      changed,
      subtrees: await subtreesOf(
        q,
        changed.map((c) => c.path),
      ),
    };
  });
  // staff follow their owner's plan: their cached rows change too
  await accountsChanged(ctx, rows.subtrees);
  // visitors of their sites get the new plan's features at once
  if (rows.changed.length > 0) await plansChanged(ctx, rows.subtrees);
  return { changed: rows.changed.length };
}
