import type { Queryable } from '../../../db/db.js';

// Reads of members and form submissions for the integrations module's leads API and webhooks:
// the records of one account's own sites, in (created_at, id) order after a cursor.

export interface LeadCursor {
  /** created_at as PostgreSQL wrote it (full precision) */
  at: string;
  id: number;
}

export interface MemberLeadRow {
  id: number;
  site_id: number;
  email: string;
  status: string;
  lang: string;
  data: Record<string, unknown>;
  confirmed_at: string | null;
  created_at: string;
  cursor_at: string;
}
export interface SubmissionLeadRow {
  id: number;
  site_id: number;
  form_type: 'CONTACT_SETTING' | 'HOMEPAGE_SETTING';
  email: string | null;
  lang: string;
  data: Record<string, unknown>;
  created_at: string;
  cursor_at: string;
}

export interface LeadPageInput {
  accountId: number;
  /** only records stored at or after this time (the CURRENT tag), or null */
  from: string | null;
  after: LeadCursor | null;
  limit: number;
}

const AFTER = (alias: string) =>
  `($3::timestamptz IS NULL OR ${alias}.created_at >= $3::timestamptz)
   AND ($4::timestamptz IS NULL OR (${alias}.created_at, ${alias}.id) > ($4::timestamptz, $5::bigint))`;

export function memberLeads(q: Queryable, p: LeadPageInput): Promise<MemberLeadRow[]> {
  return q.query<MemberLeadRow>(
    `SELECT m.id, m.site_id, m.email, m.status, m.lang, m.data, m.confirmed_at, m.created_at, m.created_at::text AS cursor_at
       FROM site_members m JOIN sites s ON s.id = m.site_id
      WHERE s.account_id = $1 AND ${AFTER('m')}
      ORDER BY m.created_at, m.id LIMIT $2`,
    [p.accountId, p.limit, p.from, p.after?.at ?? null, p.after?.id ?? 0],
  );
}

export function submissionLeads(
  q: Queryable,
  formType: 'CONTACT_SETTING' | 'HOMEPAGE_SETTING',
  p: LeadPageInput,
): Promise<SubmissionLeadRow[]> {
  return q.query<SubmissionLeadRow>(
    `SELECT f.id, f.site_id, f.form_type, f.email, f.lang, f.data, f.created_at, f.created_at::text AS cursor_at
       FROM form_submissions f JOIN sites s ON s.id = f.site_id
      WHERE s.account_id = $1 AND ${AFTER('f')} AND f.form_type = $6
      ORDER BY f.created_at, f.id LIMIT $2`,
    [p.accountId, p.limit, p.from, p.after?.at ?? null, p.after?.id ?? 0, formType],
  );
}

/** One member or submission by id (the webhook body of a new submission). */
export function memberLead(q: Queryable, id: number): Promise<MemberLeadRow | undefined> {
  return q.maybeOne<MemberLeadRow>(
    `SELECT id, site_id, email, status, lang, data, confirmed_at, created_at, created_at::text AS cursor_at FROM site_members WHERE id = $1`,
    [id],
  );
}
export function submissionLead(q: Queryable, id: number): Promise<SubmissionLeadRow | undefined> {
  return q.maybeOne<SubmissionLeadRow>(
    `SELECT id, site_id, form_type, email, lang, data, created_at, created_at::text AS cursor_at FROM form_submissions WHERE id = $1`,
    [id],
  );
}
