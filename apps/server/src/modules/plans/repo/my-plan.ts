import type { Queryable } from '../../../db/db.js';
import type { PlanTermsRow } from '../repo.js';

// SQL for the /plan screen: the plan an account holds now and the one booked for next month.

export interface MyPlanRow extends PlanTermsRow {
  slot: 'current' | 'next';
  id: number;
  name: string;
  names: Record<string, string> | null;
  version: number;
}

export function myPlanRows(q: Queryable, accountId: number): Promise<MyPlanRow[]> {
  return q.query<MyPlanRow>(
    `SELECT s.slot, p.id, p.name, p.names, p.version, p.contract_type, p.price, p.quantity_swipe, p.quantity_site,
            p.limit_access, p.limit_access_price, p.swipe, p.private_domain, p.setting_popup_cta,
            p.setting_form_contact, p.analytics_effect, p.setting_tag_seo, p.multi_language
       FROM accounts a
       CROSS JOIN LATERAL (VALUES ('current', a.plan_id), ('next', a.next_plan_id)) AS s(slot, plan_id)
       JOIN plans p ON p.id = s.plan_id
      WHERE a.id = $1`,
    [accountId],
  );
}
