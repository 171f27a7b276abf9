import type { Queryable } from '../../db/db.js';

// SQL on the plans table.

export interface PlanRow {
  id: number;
  name: string;
  quantity_swipe: number;
  quantity_site: number;
  swipe: boolean;
  private_domain: boolean;
  setting_popup_cta: boolean;
  setting_form_contact: boolean;
  analytics_effect: boolean;
  setting_tag_seo: boolean;
  multi_language: boolean;
  owner_account_id: number | null;
}

/** The plan that governs an account's tenant: a sub-admin's parent's plan, else its own. */
export function findGoverningPlan(q: Queryable, accountId: number): Promise<PlanRow | undefined> {
  return q.maybeOne<PlanRow>(
    `SELECT pl.* FROM accounts a LEFT JOIN accounts pa ON pa.id = a.parent_id AND a.type = 'SUB_ADMIN'
     JOIN plans pl ON pl.id = COALESCE(pa.plan_id, a.plan_id) WHERE a.id = $1`,
    [accountId],
  );
}

export function findPlan(q: Queryable, id: number): Promise<PlanRow | undefined> {
  return q.maybeOne<PlanRow>('SELECT * FROM plans WHERE id = $1', [id]);
}
