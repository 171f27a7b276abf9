import type { SurveyOption } from '@swipe/core/surveys.ts';
import type { Queryable } from '../../db/db.js';

// The surveys module's SQL: surveys, survey_questions, survey_responses (docs/architecture.md).

export interface SurveyRow {
  id: number;
  site_id: number | null;
  title: Record<string, string>;
  description: Record<string, string>;
  status: string;
}
export interface QuestionRow {
  id: number;
  order_num: number;
  question: Record<string, string>;
  type: 'SINGLE' | 'MULTIPLE' | 'TEXT';
  required: boolean;
  options: SurveyOption[];
}

export function activeSurvey(q: Queryable, id: number): Promise<SurveyRow | undefined> {
  return q.maybeOne<SurveyRow>("SELECT id, site_id, title, description, status FROM surveys WHERE id = $1 AND status = 'ACTIVE'", [id]);
}

export function activeSurveysOfSite(q: Queryable, siteId: number): Promise<SurveyRow[]> {
  return q.query<SurveyRow>(
    "SELECT id, site_id, title, description, status FROM surveys WHERE site_id = $1 AND status = 'ACTIVE' ORDER BY id",
    [siteId],
  );
}

export function questionRows(q: Queryable, surveyId: number): Promise<QuestionRow[]> {
  return q.query<QuestionRow>(
    'SELECT id, order_num, question, type, required, options FROM survey_questions WHERE survey_id = $1 ORDER BY order_num, id',
    [surveyId],
  );
}

export interface NewResponse {
  surveyId: number;
  siteId: number | null;
  email: string;
  answers: unknown;
  points: unknown;
  score: number;
  pageId: number | null;
  ctaId: number | null;
  clickSource: string | null;
  idempotencyKey: string | null;
}
type Stored = { id: number; score: number; created_at: string };

/** Stores a response; undefined when one with the same idempotency key exists for the survey. */
export function insertResponse(q: Queryable, r: NewResponse): Promise<Stored | undefined> {
  return q.maybeOne<Stored>(
    `INSERT INTO survey_responses (survey_id, site_id, email, answers, points, score, page_id, cta_id, click_source, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (survey_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
     RETURNING id, score, created_at`,
    [r.surveyId, r.siteId, r.email, r.answers, r.points, r.score, r.pageId, r.ctaId, r.clickSource, r.idempotencyKey],
  );
}

export function responseByKey(q: Queryable, surveyId: number, key: string | null): Promise<Stored> {
  return q.one<Stored>('SELECT id, score, created_at FROM survey_responses WHERE survey_id = $1 AND idempotency_key = $2', [surveyId, key]);
}

/** The site a survey belongs to; 0 when it has none or there is no such survey. */
export async function siteOfSurvey(q: Queryable, surveyId: number): Promise<number> {
  const r = await q.maybeOne<{ site_id: number | null }>('SELECT site_id FROM surveys WHERE id = $1', [surveyId]);
  return r?.site_id ?? 0;
}
