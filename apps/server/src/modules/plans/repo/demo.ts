import type { Queryable } from '../../../db/db.js';

// What the embedded mode's demo data (demo/seed.ts) needs of the accounts module's tables.
// Added by the platform engineer; the accounts module owns it.

/** True once any account exists (the demo data is created only on an empty database). */
export async function anyAccountExists(q: Queryable): Promise<boolean> {
  return Boolean(await q.maybeOne<{ id: number }>('SELECT id FROM accounts LIMIT 1'));
}

export interface NewPlan {
  name: string;
  contractType: string;
  price: number;
  quantitySwipe: number;
  quantitySite: number;
  limitAccess: number;
  limitAccessPrice: number;
  /** private domain, popup CTA, contact form, analytics, SEO tags and multi-language, all alike */
  features: boolean;
}

/** Inserts plans; returns their ids by name. */
export async function insertPlans(q: Queryable, plans: NewPlan[]): Promise<Map<string, number>> {
  const rows = await q.query<{ id: number; name: string }>(
    `INSERT INTO plans (name, contract_type, price, quantity_swipe, quantity_site, limit_access, limit_access_price, private_domain,
                        setting_popup_cta, setting_form_contact, analytics_effect, setting_tag_seo, multi_language)
     SELECT p.name, p.contract_type, p.price, p.quantity_swipe, p.quantity_site, p.limit_access, p.limit_access_price,
            p.features, p.features, p.features, p.features, p.features, p.features
       FROM jsonb_to_recordset($1::jsonb) AS p(name text, contract_type text, price int, quantity_swipe int, quantity_site int,
                                               limit_access int, limit_access_price int, features boolean)
     RETURNING id, name`,
    [
      JSON.stringify(
        plans.map((p) => ({
          name: p.name,
          contract_type: p.contractType,
          price: p.price,
          quantity_swipe: p.quantitySwipe,
          quantity_site: p.quantitySite,
          limit_access: p.limitAccess,
          limit_access_price: p.limitAccessPrice,
          features: p.features,
        })),
      ),
    ],
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}

export { recordContractHistory } from '../../users/repo.js';
export { insertAccount, type NewAccount } from '../../accounts/repo.js';
