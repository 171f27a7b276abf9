import type { Queryable } from '../../db/db.js';
import { findGoverningPlan, type PlanRow } from './repo.js';

/** What a tenant's plan allows: page and site quotas and the feature flags. */
export interface PlanLimits {
  quantitySwipe: number;
  quantitySite: number;
  flags: Record<string, boolean>;
}

/** No plan, no features: an account without a plan may create nothing and use no gated feature. */
export const NO_PLAN: PlanLimits = {
  quantitySwipe: 0,
  quantitySite: 0,
  flags: {
    swipe: false,
    privateDomain: false,
    settingPopupCta: false,
    settingFormContact: false,
    analyticsEffect: false,
    settingTagSeo: false,
    multiLanguage: false,
    experiments: false,
  },
};

export function planLimits(p: PlanRow): PlanLimits {
  return {
    quantitySwipe: Number(p.quantity_swipe),
    quantitySite: Number(p.quantity_site),
    flags: {
      swipe: Boolean(p.swipe),
      privateDomain: Boolean(p.private_domain),
      settingPopupCta: Boolean(p.setting_popup_cta),
      settingFormContact: Boolean(p.setting_form_contact),
      analyticsEffect: Boolean(p.analytics_effect),
      settingTagSeo: Boolean(p.setting_tag_seo),
      multiLanguage: Boolean(p.multi_language),
      experiments: Boolean(p.experiments),
    },
  };
}

/**
 * The platform master runs the platform and is sold no plan: without one it may use everything, up to
 * these ceilings (the largest quotas any plan may set). Everyone else without a plan gets NO_PLAN.
 */
export const PLATFORM_LIMITS: PlanLimits = {
  quantitySwipe: 100_000,
  quantitySite: 10_000,
  flags: Object.fromEntries(Object.keys(NO_PLAN.flags).map((k) => [k, true])),
};

/** The limits of the plan governing an account's tenant (a sub-admin: its parent's). Fails closed. */
export async function planLimitsOf(q: Queryable, accountId: number): Promise<PlanLimits> {
  const g = await findGoverningPlan(q, accountId);
  if (g?.plan) return planLimits(g.plan);
  return g?.type === 'MASTER' ? PLATFORM_LIMITS : NO_PLAN;
}
