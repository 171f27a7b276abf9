import type { Queryable } from '../../db/db.js';

// SQL on the plans table, which this module owns (plan management's is repo/manage.ts, the plan in force
// repo/in-force.ts, the dashboard's figures repo/dashboard.ts).

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
  experiments: boolean;
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
  experiments: boolean;
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

export interface MyPlanRow extends PlanTermsRow {
  slot: 'current' | 'next';
  id: number;
  name: string;
  names: Record<string, string> | null;
  version: number;
}

/** The plan an account holds now and the one booked for next month (the /plan screen). */
export function myPlanRows(q: Queryable, accountId: number): Promise<MyPlanRow[]> {
  return q.query<MyPlanRow>(
    `SELECT s.slot, p.id, p.name, p.names, p.version, p.contract_type, p.price, p.quantity_swipe, p.quantity_site,
            p.limit_access, p.limit_access_price, p.swipe, p.private_domain, p.setting_popup_cta,
            p.setting_form_contact, p.analytics_effect, p.setting_tag_seo, p.multi_language, p.experiments
       FROM accounts a
       CROSS JOIN LATERAL (VALUES ('current', a.plan_id), ('next', a.next_plan_id)) AS s(slot, plan_id)
       JOIN plans p ON p.id = s.plan_id
      WHERE a.id = $1`,
    [accountId],
  );
}

export interface NewPlan {
  name: string;
  contractType: string;
  price: number;
  quantitySwipe: number;
  quantitySite: number;
  limitAccess: number;
  limitAccessPrice: number;
  /** private domain, popup CTA, contact form, analytics, SEO tags, multi-language and experiments, all alike */
  features: boolean;
}

/** Inserts plans (the embedded mode's demo data); returns their ids by name. */
export async function insertPlans(q: Queryable, plans: NewPlan[]): Promise<Map<string, number>> {
  const rows = await q.query<{ id: number; name: string }>(
    `INSERT INTO plans (name, contract_type, price, quantity_swipe, quantity_site, limit_access, limit_access_price, private_domain,
                        setting_popup_cta, setting_form_contact, analytics_effect, setting_tag_seo, multi_language, experiments)
     SELECT p.name, p.contract_type, p.price, p.quantity_swipe, p.quantity_site, p.limit_access, p.limit_access_price,
            p.features, p.features, p.features, p.features, p.features, p.features, p.features
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

/** The assignable plans owned by `ownerId` (null: the platform's): each family's latest, unarchived version, cheapest first. */
export function listPlansOwnedBy(q: Queryable, ownerId: number | null): Promise<{ id: number; name: string; price: number }[]> {
  return q.query(
    `SELECT id, name, price FROM plans
      WHERE owner_account_id IS NOT DISTINCT FROM $1 AND archived_at IS NULL AND superseded_at IS NULL ORDER BY price, id`,
    [ownerId],
  );
}

/** The same plans by id (the users CSV import names them, its template shows the first). */
export function assignablePlanNames(q: Queryable, ownerId: number | null): Promise<{ id: number; name: string }[]> {
  return q.query<{ id: number; name: string }>(
    'SELECT id, name FROM plans WHERE owner_account_id IS NOT DISTINCT FROM $1 AND archived_at IS NULL AND superseded_at IS NULL ORDER BY id',
    [ownerId],
  );
}

/** A plan an assignment may use, locked against edits and archiving until the assigning transaction ends. */
export function lockAssignablePlan(q: Queryable, id: number): Promise<{ id: number; owner_account_id: number | null } | undefined> {
  return q.maybeOne('SELECT id, owner_account_id FROM plans WHERE id = $1 AND archived_at IS NULL AND superseded_at IS NULL FOR SHARE', [
    id,
  ]);
}

/** The plans of the accounts in a subtree but its root (the user list's plan filter), by name. */
export function plansInSubtree(
  q: Queryable,
  scopeParam: string,
  excludeId: number,
): Promise<{ id: number; name: string; price: number }[]> {
  return q.query(
    `SELECT pl.id, pl.name, pl.price FROM plans pl
      WHERE pl.id IN (SELECT a.plan_id FROM accounts a WHERE a.path LIKE $1 AND a.id <> $2 AND a.deleted_at IS NULL AND a.plan_id IS NOT NULL)
      ORDER BY pl.name, pl.id`,
    [scopeParam, excludeId],
  );
}
