import type { Queryable } from '../../../db/db.js';

// What the embedded mode's demo data (demo/seed.ts) needs of the surveys module's tables.
// Added by the platform engineer; the surveys module owns it.

export interface NewQuestion {
  orderNum: number;
  question: Record<string, string>;
  type: 'SINGLE' | 'MULTIPLE' | 'TEXT';
  required: boolean;
  options: unknown[];
}

/** A survey of an account with its questions, attached to a site; returns its id. */
export async function insertSurvey(
  q: Queryable,
  s: {
    accountId: number;
    siteId: number | null;
    title: Record<string, string>;
    description: Record<string, string>;
    questions: NewQuestion[];
  },
): Promise<number> {
  const { id } = await q.one<{ id: number }>(
    'INSERT INTO surveys (account_id, site_id, title, description) VALUES ($1, $2, $3, $4) RETURNING id',
    [s.accountId, s.siteId, s.title, s.description],
  );
  for (const x of s.questions) {
    await q.query(
      'INSERT INTO survey_questions (survey_id, order_num, question, type, required, options) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, x.orderNum, x.question, x.type, x.required, JSON.stringify(x.options)],
    );
  }
  return id;
}

/** Attaches a survey to its site. */
export async function setSurveySite(q: Queryable, surveyId: number, siteId: number): Promise<void> {
  await q.query('UPDATE surveys SET site_id = $1 WHERE id = $2', [siteId, surveyId]);
}
