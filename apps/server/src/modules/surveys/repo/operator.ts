import type { SurveyInput } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';

// The operator side's SQL on surveys, survey_questions, survey_responses (the surveys module owns them;
// repo.ts holds the visitor side's). Tenant scoping: the caller passes an `accounts` subtree fragment.

export interface AdminSurveyRow {
  id: number;
  account_id: number;
  site_id: number | null;
  title: Record<string, string>;
  description: Record<string, string>;
  status: 'ACTIVE' | 'INACTIVE';
  created_at: string;
  question_count: number;
  response_count: number;
  max_score: number;
}
export interface AdminQuestionRow {
  id: number;
  survey_id: number;
  question: Record<string, string>;
  type: 'SINGLE' | 'MULTIPLE' | 'TEXT';
  required: boolean;
  options: { value: string; label?: Record<string, string> | string; points?: number }[];
}

const SUMMARY = `s.id, s.account_id, s.site_id, s.title, s.description, s.status, s.created_at,
  (SELECT count(*)::int FROM survey_questions q WHERE q.survey_id = s.id) AS question_count,
  (SELECT count(*)::int FROM survey_responses r WHERE r.survey_id = s.id) AS response_count,
  (SELECT COALESCE(sum(CASE WHEN q.type = 'MULTIPLE'
      THEN (SELECT COALESCE(sum(GREATEST((o->>'points')::int, 0)), 0) FROM jsonb_array_elements(q.options) o)
      ELSE (SELECT COALESCE(max((o->>'points')::int), 0) FROM jsonb_array_elements(q.options) o) END), 0)::int
     FROM survey_questions q WHERE q.survey_id = s.id) AS max_score`;

/** `scope` is a WHERE fragment on s.account_id with its parameter at $1. */
export async function listSurveyRows(
  q: Queryable,
  scope: { sql: string; param: string },
  p: { page: number; pageSize: number; search?: string; siteId?: number },
): Promise<{ rows: AdminSurveyRow[]; total: number }> {
  const where = [scope.sql];
  const params: unknown[] = [scope.param];
  if (p.search) {
    params.push(`%${p.search.replace(/[\\%_]/g, '\\$&')}%`);
    where.push(`s.title::text ILIKE $${params.length}`);
  }
  if (p.siteId) {
    params.push(p.siteId);
    where.push(`s.site_id = $${params.length}`);
  }
  const w = where.join(' AND ');
  const { n } = await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM surveys s WHERE ${w}`, params);
  params.push(p.pageSize, (p.page - 1) * p.pageSize);
  const rows = await q.query<AdminSurveyRow>(
    `SELECT ${SUMMARY} FROM surveys s WHERE ${w} ORDER BY s.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: n };
}

export function surveyRow(q: Queryable, id: number, lock = false): Promise<AdminSurveyRow | undefined> {
  return q.maybeOne<AdminSurveyRow>(`SELECT ${SUMMARY} FROM surveys s WHERE s.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
}

export function adminQuestions(q: Queryable, surveyIds: number[]): Promise<AdminQuestionRow[]> {
  return q.query<AdminQuestionRow>(
    'SELECT id, survey_id, question, type, required, options FROM survey_questions WHERE survey_id = ANY($1::bigint[]) ORDER BY order_num, id',
    [surveyIds],
  );
}

export async function insertSurveyRow(q: Queryable, accountId: number, s: SurveyInput): Promise<number> {
  const r = await q.one<{ id: number }>(
    'INSERT INTO surveys (account_id, site_id, title, description, status) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [accountId, s.siteId, s.title, s.description, s.status],
  );
  return Number(r.id);
}

export async function updateSurveyRow(q: Queryable, id: number, s: SurveyInput): Promise<void> {
  await q.query('UPDATE surveys SET site_id = $2, title = $3, description = $4, status = $5 WHERE id = $1', [
    id,
    s.siteId,
    s.title,
    s.description,
    s.status,
  ]);
}

/**
 * The questions as given, in order: a question that keeps its id keeps its row (responses are keyed by
 * question id), new ones are added, the others are removed.
 */
export async function replaceQuestions(q: Queryable, surveyId: number, questions: SurveyInput['questions']): Promise<void> {
  const kept = questions.flatMap((x) => (x.id ? [x.id] : []));
  await q.query('DELETE FROM survey_questions WHERE survey_id = $1 AND NOT (id = ANY($2::bigint[]))', [surveyId, kept]);
  for (const [i, x] of questions.entries()) {
    const options = JSON.stringify(x.options);
    if (x.id)
      await q.query(
        'UPDATE survey_questions SET order_num = $3, question = $4, type = $5, required = $6, options = $7 WHERE id = $2 AND survey_id = $1',
        [surveyId, x.id, i + 1, x.question, x.type, x.required, options],
      );
    else
      await q.query(
        'INSERT INTO survey_questions (survey_id, order_num, question, type, required, options) VALUES ($1, $2, $3, $4, $5, $6)',
        [surveyId, i + 1, x.question, x.type, x.required, options],
      );
  }
}

export async function questionIdsOf(q: Queryable, surveyId: number): Promise<number[]> {
  return (await q.query<{ id: number }>('SELECT id FROM survey_questions WHERE survey_id = $1', [surveyId])).map((r) => Number(r.id));
}

export async function deleteSurveyRow(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM surveys WHERE id = $1', [id]);
}

/** The surveys an account may link from one of its sites: its own, of that site or of no site. */
export function linkableSurveys(
  q: Queryable,
  accountId: number,
  siteId: number,
): Promise<Pick<AdminSurveyRow, 'id' | 'title' | 'status'>[]> {
  return q.query('SELECT id, title, status FROM surveys WHERE account_id = $1 AND (site_id IS NULL OR site_id = $2) ORDER BY id DESC', [
    accountId,
    siteId,
  ]);
}

export async function ownedSurveyIds(q: Queryable, accountId: number, siteId: number, ids: number[]): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    'SELECT id FROM surveys WHERE id = ANY($1::bigint[]) AND account_id = $2 AND (site_id IS NULL OR site_id = $3)',
    [ids, accountId, siteId],
  );
  return rows.map((r) => Number(r.id));
}

export interface AdminResponseRow {
  id: number;
  survey_id: number;
  email: string;
  answers: Record<string, string | string[]>;
  points: Record<string, number>;
  score: number;
  page_id: number | null;
  click_source: string | null;
  created_at: string;
}

export async function responseRows(
  q: Queryable,
  siteId: number,
  p: { surveyId?: number; search?: string; limit: number; offset: number },
): Promise<{ rows: AdminResponseRow[]; total: number; average: number | null }> {
  const where = ['site_id = $1'];
  const params: unknown[] = [siteId];
  if (p.surveyId) {
    params.push(p.surveyId);
    where.push(`survey_id = $${params.length}`);
  }
  if (p.search) {
    params.push(`%${p.search.replace(/[\\%_]/g, '\\$&')}%`);
    where.push(`email ILIKE $${params.length}`);
  }
  const w = where.join(' AND ');
  const agg = await q.one<{ n: number; avg: string | null }>(
    `SELECT count(*)::int AS n, avg(score)::numeric(12,2) AS avg FROM survey_responses WHERE ${w}`,
    params,
  );
  params.push(p.limit, p.offset);
  const rows = await q.query<AdminResponseRow>(
    `SELECT id, survey_id, email, answers, points, score, page_id, click_source, created_at FROM survey_responses WHERE ${w}
      ORDER BY created_at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: agg.n, average: agg.avg === null ? null : Number(agg.avg) };
}

export function surveyTitles(q: Queryable, ids: number[]): Promise<{ id: number; title: Record<string, string> }[]> {
  return q.query('SELECT id, title FROM surveys WHERE id = ANY($1::bigint[])', [ids]);
}
