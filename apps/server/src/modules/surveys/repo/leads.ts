import type { Queryable } from '../../../db/db.js';
import type { LeadPageInput } from '../../enduser/service.js';

// Reads of survey responses for the integrations module's leads API and webhooks: the responses
// on one account's own sites, in (created_at, id) order after a cursor.

export interface SurveyLeadRow {
  id: number;
  survey_id: number;
  site_id: number;
  email: string;
  answers: unknown;
  score: number;
  page_id: number | null;
  cta_id: number | null;
  click_source: string | null;
  created_at: string;
  cursor_at: string;
}

const COLS =
  'r.id, r.survey_id, r.site_id, r.email, r.answers, r.score, r.page_id, r.cta_id, r.click_source, r.created_at, r.created_at::text AS cursor_at';

export function surveyResponseLeads(q: Queryable, p: LeadPageInput): Promise<SurveyLeadRow[]> {
  return q.query<SurveyLeadRow>(
    `SELECT ${COLS} FROM survey_responses r JOIN sites s ON s.id = r.site_id
      WHERE s.account_id = $1
        AND ($3::timestamptz IS NULL OR r.created_at >= $3::timestamptz)
        AND ($4::timestamptz IS NULL OR (r.created_at, r.id) > ($4::timestamptz, $5::bigint))
      ORDER BY r.created_at, r.id LIMIT $2`,
    [p.accountId, p.limit, p.from, p.after?.at ?? null, p.after?.id ?? 0],
  );
}

export function surveyResponseLead(q: Queryable, id: number): Promise<SurveyLeadRow | undefined> {
  return q.maybeOne<SurveyLeadRow>(`SELECT ${COLS} FROM survey_responses r WHERE r.id = $1`, [id]);
}
