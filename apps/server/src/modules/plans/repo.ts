import type { Queryable } from '../../db/db.js';

// SQL on the plans table.

/** A plan's terms as stored: what it costs and what it allows (the plans table's columns, one list for every reader). */
export interface PlanTermsRow {
  contract_type: string;
  price: number;
  quantity_swipe: number;
  quantity_site: number;
  limit_access: number;
  limit_access_price: number;
  swipe: boolean;
  private_domain: boolean;
  setting_popup_cta: boolean;
  setting_form_contact: boolean;
  analytics_effect: boolean;
  setting_tag_seo: boolean;
  multi_language: boolean;
}

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

/**
 * The plan that governs an account's tenant (a sub-admin's parent's plan, else its own), with the type of
 * the governing account (`plan` is undefined when it has none).
 */
export async function findGoverningPlan(q: Queryable, accountId: number): Promise<{ type: string; plan?: PlanRow } | undefined> {
  const row = await q.maybeOne<PlanRow & { governing_type: string; plan_found: boolean }>(
    `SELECT pl.*, COALESCE(pa.type, a.type) AS governing_type, pl.id IS NOT NULL AS plan_found
       FROM accounts a LEFT JOIN accounts pa ON pa.id = a.parent_id AND a.type = 'SUB_ADMIN'
       LEFT JOIN plans pl ON pl.id = COALESCE(pa.plan_id, a.plan_id) WHERE a.id = $1`,
    [accountId],
  );
  if (!row) return undefined;
  const { governing_type, plan_found, ...plan } = row;
  return { type: governing_type, plan: plan_found ? plan : undefined };
}

export function findPlan(q: Queryable, id: number): Promise<PlanRow | undefined> {
  return q.maybeOne<PlanRow>('SELECT * FROM plans WHERE id = $1', [id]);
}
