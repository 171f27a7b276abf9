import type { PlanBody, PlanListQuery, PlanSort } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';
import type { PlanTermsRow } from '../repo.js';

// SQL of plan management: plan families and versions and who holds them. A family is COALESCE(family_id, id): rows
// inserted by seeds without a family are their own. How many accounts hold a version, and whether anything ever
// used it, is read in the same query from accounts and contract_history (modules below this one; reads only).

export interface ManagedPlanRow extends PlanTermsRow {
  id: number;
  family: number;
  version: number;
  name: string;
  names: Record<string, string> | string;
  owner_account_id: number | null;
  archived_at: string | null;
  superseded_at: string | null;
  created_at: string;
  updated_at: string;
  accounts: number;
  accounts_on_older: number;
  used: boolean;
}

const FAM = 'COALESCE(p.family_id, p.id)';

/** A plan with how many live accounts hold it (and older versions of its family), and whether anything ever used it. */
const PLAN_SELECT = `SELECT p.*, ${FAM} AS family,
    (SELECT count(*)::int FROM accounts a WHERE a.plan_id = p.id AND a.deleted_at IS NULL) AS accounts,
    (SELECT count(*)::int FROM accounts a JOIN plans o ON o.id = a.plan_id
      WHERE COALESCE(o.family_id, o.id) = ${FAM} AND o.id <> p.id AND a.deleted_at IS NULL) AS accounts_on_older,
    (EXISTS (SELECT 1 FROM accounts a WHERE a.plan_id = p.id OR a.next_plan_id = p.id)
      OR EXISTS (SELECT 1 FROM contract_history h WHERE h.plan_id = p.id)) AS used
  FROM plans p`;

const SORT_SQL: Record<PlanSort, string> = {
  name: 'lower(x.name)',
  type: 'x.contract_type',
  price: 'x.price',
  accounts: '(x.accounts + x.accounts_on_older)',
  updated: 'x.updated_at',
};

/** One page of an owner's plans (null: the platform's), one row per family: its latest version. */
export async function listManagedPlans(
  q: Queryable,
  owner: number | null,
  p: PlanListQuery,
): Promise<{ rows: ManagedPlanRow[]; total: number }> {
  const params: unknown[] = [owner];
  let where = 'p.owner_account_id IS NOT DISTINCT FROM $1 AND p.superseded_at IS NULL';
  if (p.status === 'active') where += ' AND p.archived_at IS NULL';
  if (p.status === 'archived') where += ' AND p.archived_at IS NOT NULL';
  if (p.search) {
    params.push(`%${p.search.replace(/[\\%_]/g, '\\$&')}%`);
    where += ` AND (p.name ILIKE $${params.length} OR p.names::text ILIKE $${params.length})`;
  }
  const dir = p.order === 'desc' ? 'DESC' : 'ASC';
  const rows = await q.query<ManagedPlanRow & { n: number }>(
    `SELECT x.*, count(*) OVER ()::int AS n FROM (${PLAN_SELECT} WHERE ${where}) x
      ORDER BY ${SORT_SQL[p.sort]} ${dir}, x.id ${dir} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, p.pageSize, (p.page - 1) * p.pageSize],
  );
  let total = Number(rows[0]?.n ?? 0);
  if (rows.length === 0 && p.page > 1)
    total = (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM plans p WHERE ${where}`, params)).n;
  return { rows, total };
}

/** One plan of an owner (undefined for anyone else's: 404). `lock`: held until the caller's transaction ends. */
export function findManagedPlan(q: Queryable, owner: number | null, id: number, lock = false): Promise<ManagedPlanRow | undefined> {
  const sql = lock
    ? `${PLAN_SELECT} WHERE p.id = $2 AND p.owner_account_id IS NOT DISTINCT FROM $1 FOR UPDATE OF p`
    : `${PLAN_SELECT} WHERE p.id = $2 AND p.owner_account_id IS NOT DISTINCT FROM $1`;
  return q.maybeOne<ManagedPlanRow>(sql, [owner, id]);
}

/** Every version of a family, newest first, with how many live accounts hold each. */
export function listFamilyVersions(q: Queryable, family: number): Promise<ManagedPlanRow[]> {
  return q.query<ManagedPlanRow>(`${PLAN_SELECT} WHERE ${FAM} = $1 ORDER BY p.version DESC`, [family]);
}

/** The newest version of a family. */
export function findLatestVersion(q: Queryable, family: number): Promise<ManagedPlanRow | undefined> {
  return q.maybeOne<ManagedPlanRow>(`${PLAN_SELECT} WHERE ${FAM} = $1 AND p.superseded_at IS NULL ORDER BY p.version DESC LIMIT 1`, [
    family,
  ]);
}

function values(b: PlanBody): unknown[] {
  return [
    b.names.ja,
    JSON.stringify(b.names),
    b.contractType,
    b.price,
    b.quantitySwipe,
    b.quantitySite,
    b.limitAccess,
    b.limitAccessPrice,
    b.swipe,
    b.privateDomain,
    b.settingPopupCta,
    b.settingFormContact,
    b.analyticsEffect,
    b.settingTagSeo,
    b.multiLanguage,
    b.experiments,
  ];
}
const COLS = `name, names, contract_type, price, quantity_swipe, quantity_site, limit_access, limit_access_price, swipe, private_domain,
  setting_popup_cta, setting_form_contact, analytics_effect, setting_tag_seo, multi_language, experiments`;
const PLACEHOLDERS = '$1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16';

/** A new plan (version 1 of a new family, or version + 1 of `family`); returns its id. */
export async function insertPlanVersion(q: Queryable, owner: number | null, b: PlanBody, family?: { id: number; version: number }) {
  const row = await q.one<{ id: number }>(
    `INSERT INTO plans (${COLS}, owner_account_id, family_id, version) VALUES (${PLACEHOLDERS}, $17, $18, $19) RETURNING id`,
    [...values(b), owner, family?.id ?? null, family ? family.version + 1 : 1],
  );
  const id = Number(row.id);
  if (!family) await q.query('UPDATE plans SET family_id = id WHERE id = $1', [id]);
  return id;
}

export async function updatePlanInPlace(q: Queryable, id: number, b: PlanBody): Promise<void> {
  await q.query(`UPDATE plans SET (${COLS}, updated_at) = (${PLACEHOLDERS}, now()) WHERE id = $17`, [...values(b), id]);
}

export async function markSuperseded(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE plans SET superseded_at = now(), updated_at = now() WHERE id = $1', [id]);
}

/** Archives (or restores) every version of a family. */
export async function setFamilyArchived(q: Queryable, family: number, archived: boolean): Promise<void> {
  await q.query(
    `UPDATE plans p SET archived_at = CASE WHEN $2 THEN COALESCE(p.archived_at, now()) END, updated_at = now() WHERE ${FAM} = $1`,
    [family, archived],
  );
}

export async function deletePlanRow(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM plans WHERE id = $1', [id]);
}

/** The ids of a family's versions. */
export async function familyVersionIds(q: Queryable, family: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>('SELECT id FROM plans WHERE COALESCE(family_id, id) = $1', [family]);
  return rows.map((r) => Number(r.id));
}
