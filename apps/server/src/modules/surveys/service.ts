import { CLICK_SOURCES, type Language } from '@swipe/core';
import { checkEmail } from '@swipe/core/forms.ts';
import { checkSurveyAnswers, pickText, type SurveyQuestionLike } from '@swipe/core/surveys.ts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { submitted } from '../../lib/submissions.js';
import { NO_VISIT, rejectIssues, siteLang, throttle, type Visit } from '../enduser/service.js';
import { getPublishedSite, type PublishedSite } from '../published/service.js';
import { activeSurvey, activeSurveysOfSite, insertResponse, questionRows, responseByKey, type SurveyRow, siteOfSurvey } from './repo.js';

// Surveys (viewer.md 3, 5, 7): the list for a site, the questions of one, and the responses with
// their points and score, carrying the page, CTA and click source the visitor came from.

export interface SurveyView {
  id: number;
  siteId: number | null;
  title: string;
  description: string;
}
export interface QuestionView {
  id: number;
  question: string;
  type: 'SINGLE' | 'MULTIPLE' | 'TEXT';
  required: boolean;
  options: { value: string; label: string }[];
}

function present(s: SurveyRow, lang: Language): SurveyView {
  return { id: s.id, siteId: s.site_id, title: pickText(s.title, lang), description: pickText(s.description, lang) };
}

/** An active survey of a published site (a survey of an unpublished site is not served). */
async function servedSurvey(ctx: AppContext, id: number): Promise<{ survey: SurveyRow; site: PublishedSite | null }> {
  const survey = await activeSurvey(ctx.db, id);
  if (!survey) throw notFound();
  if (survey.site_id === null) return { survey, site: null };
  const site = await getPublishedSite(ctx, survey.site_id);
  if (!site) throw notFound();
  return { survey, site };
}

export async function listSurveys(ctx: AppContext, siteId: number, askedLang: unknown): Promise<SurveyView[]> {
  const site = await getPublishedSite(ctx, siteId);
  if (!site) throw notFound();
  const lang = siteLang(site, askedLang);
  const rows = await activeSurveysOfSite(ctx.db, siteId);
  return rows.map((r) => present(r, lang));
}

/** The survey and its questions in one language; option points stay on the server. */
export async function surveyWithQuestions(
  ctx: AppContext,
  id: number,
  askedLang: unknown,
  forSite?: number,
): Promise<{ survey: SurveyView; questions: QuestionView[] }> {
  const { survey, site } = await servedSurvey(ctx, id);
  if (forSite !== undefined && survey.site_id !== null && survey.site_id !== forSite) throw notFound();
  const lang: Language = site
    ? siteLang(site, askedLang)
    : ((typeof askedLang === 'string' && ['ja', 'en', 'kr', 'cn'].includes(askedLang) ? askedLang : 'ja') as Language);
  const rows = await questionRows(ctx.db, id);
  return {
    survey: present(survey, lang),
    questions: rows.map((q) => ({
      id: q.id,
      question: pickText(q.question, lang),
      type: q.type,
      required: q.required,
      options: (q.options ?? []).map((o) => ({ value: o.value, label: pickText(o.label, lang) || o.value })),
    })),
  };
}

export interface ResponseInput {
  answers?: unknown;
  email?: unknown;
  pageId?: unknown;
  ctaId?: unknown;
  clickSource?: unknown;
}
export interface ResponseMeta {
  idempotencyKey: string | null;
  /** page, CTA and click source from the survey transition cookies, used when the body has none */
  cookies: { pageId?: string; ctaId?: string; clickSource?: string };
  /** what led the visitor here (cv_* cookies, visitor id): told to the submission hooks */
  visit?: Visit;
}

const idOrNull = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const sourceOrNull = (v: unknown): (typeof CLICK_SOURCES)[number] | null =>
  typeof v === 'string' && (CLICK_SOURCES as readonly string[]).includes(v) ? (v as (typeof CLICK_SOURCES)[number]) : null;

/**
 * One response: answers keyed by question id, all required answered, a valid e-mail. Points per
 * question and the score are stored with it. A retry with the same idempotency key stores nothing new.
 */
export async function respond(ctx: AppContext, surveyId: number, input: ResponseInput, meta: ResponseMeta) {
  const { survey } = await servedSurvey(ctx, surveyId);
  const rows = await questionRows(ctx.db, surveyId);
  const questions: SurveyQuestionLike[] = rows.map((q) => ({ id: q.id, type: q.type, required: q.required, options: q.options ?? [] }));
  const check = checkSurveyAnswers(questions, input.answers);
  const issues = [...check.issues];
  let malformed = check.malformed;
  const e = checkEmail(input.email);
  if (e) {
    issues.push(e);
    malformed ||= e.key === 'validation.invalid_type';
  }
  for (const k of ['pageId', 'ctaId'] as const) {
    const v = input[k];
    if (v !== undefined && v !== null && v !== '' && idOrNull(v) === null) {
      issues.push({
        path: k,
        key: typeof v === 'number' || typeof v === 'string' ? 'validation.invalid' : 'validation.invalid_type',
        params: {},
      });
      malformed ||= !(typeof v === 'number' || typeof v === 'string');
    }
  }
  if (input.clickSource !== undefined && input.clickSource !== null && input.clickSource !== '' && !sourceOrNull(input.clickSource))
    issues.push({ path: 'clickSource', key: 'validation.invalid_option', params: {} });
  if (issues.length > 0) rejectIssues(issues, malformed);

  const pageId = idOrNull(input.pageId) ?? idOrNull(meta.cookies.pageId);
  const ctaId = idOrNull(input.ctaId) ?? idOrNull(meta.cookies.ctaId);
  const clickSource = sourceOrNull(input.clickSource) ?? sourceOrNull(meta.cookies.clickSource);
  const visit = meta.visit ?? NO_VISIT;
  const inserted = await ctx.db.tx(async (q) => {
    const row = await insertResponse(q, {
      surveyId,
      siteId: survey.site_id,
      email: (input.email as string).trim(),
      answers: check.answers,
      points: check.points,
      score: check.score,
      pageId,
      ctaId,
      clickSource,
      idempotencyKey: meta.idempotencyKey,
    });
    // A response to a site's survey is a conversion, attributed like the response itself.
    if (row && survey.site_id !== null)
      await submitted(q, ctx, {
        kind: 'survey',
        siteId: survey.site_id,
        id: Number(row.id),
        occurredAt: new Date(row.created_at),
        lang: null,
        visit: { ...visit, pageId: pageId ?? visit.pageId, ctaId: ctaId ?? visit.ctaId, source: clickSource ?? visit.source },
      });
    return row;
  });
  if (inserted) return { id: inserted.id, score: inserted.score, createdAt: new Date(inserted.created_at).toISOString(), replayed: false };
  const first = await responseByKey(ctx.db, surveyId, meta.idempotencyKey);
  return { id: first.id, score: first.score, createdAt: new Date(first.created_at).toISOString(), replayed: true };
}

/** The site a survey belongs to (for throttling per site); 0 when it has none. */
export async function surveySiteId(ctx: AppContext, surveyId: number): Promise<number> {
  return siteOfSurvey(ctx.db, surveyId);
}
export { insertSurvey, type NewQuestion, setSurveySite } from './repo/demo.js';

/** GET /end-user/survey: one survey (asked by id, of this site) or the site's list; surveyData is the first. */
export async function listForSite(ctx: AppContext, q: { siteId: number; surveyId?: number; lang?: string }) {
  if (q.surveyId) {
    const one = await surveyWithQuestions(ctx, q.surveyId, q.lang, q.siteId);
    return { items: [one.survey], surveyData: one.survey };
  }
  const items = await listSurveys(ctx, q.siteId, q.lang);
  return { items, surveyData: items[0] ?? null };
}

/** GET /end-user/survey/{id}/questions */
export async function questionsOf(ctx: AppContext, surveyId: number, lang: string | undefined) {
  const r = await surveyWithQuestions(ctx, surveyId, lang);
  return { surveyData: r.survey, listQuestions: r.questions };
}

/** POST /end-user/survey/{id}/response: throttled per address and per the survey's site, then stored once. */
export async function submitResponse(ctx: AppContext, surveyId: number, input: ResponseInput, meta: ResponseMeta & { ip: string }) {
  await throttle(ctx, 'survey', meta.ip, await surveySiteId(ctx, surveyId));
  return respond(ctx, surveyId, input, meta);
}
export { type SurveyLeadRow, surveyResponseLead, surveyResponseLeads } from './repo/leads.js';
