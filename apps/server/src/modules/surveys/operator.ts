import type {
  SurveyAdminList,
  SurveyAdminListQuery,
  SurveyChoices,
  SurveyDetail,
  SurveyInput,
  SurveyResponseList,
  SurveyResponseQuery,
  SurveyResponseView,
  SurveySummary,
} from '@swipe/core';
import { formatJapanTime } from '@swipe/core';
import { type Lang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { fieldError, notFound } from '../../errors.js';
import { csvDocument } from '../../lib/csv.js';
import { type Actor, assertCanEdit, assertInScope, assertOwnerOpen, scopeSql } from '../accounts/actor.js';
import { accountInSubtreeSql, getAccountBrief } from '../accounts/service.js';
import { scopedSite } from '../sites/service.js';
import {
  type AdminQuestionRow,
  type AdminResponseRow,
  type AdminSurveyRow,
  adminQuestions,
  deleteSurveyRow,
  insertSurveyRow,
  linkableSurveys,
  listSurveyRows,
  ownedSurveyIds,
  questionIdsOf,
  replaceQuestions,
  responseRows,
  surveyRow,
  surveyTitles,
  updateSurveyRow,
} from './repo/operator.js';

// Operator surveys: the site owner's survey editor, the responses of a site with their
// scores and CSV, and which surveys a site may link. Everything is scoped to the caller's subtree
// (accounts/actor.ts): another tenant's survey or site is a 404.

const iso = (v: string) => new Date(v).toISOString();

function summary(r: AdminSurveyRow, siteNames: Map<number, string>): SurveySummary {
  return {
    id: Number(r.id),
    accountId: Number(r.account_id),
    siteId: r.site_id === null ? null : Number(r.site_id),
    siteName: r.site_id === null ? null : (siteNames.get(Number(r.site_id)) ?? null),
    title: r.title,
    status: r.status,
    questionCount: r.question_count,
    responseCount: r.response_count,
    maxScore: r.max_score,
    createdAt: iso(r.created_at),
  };
}

const labelOf = (l: Record<string, string> | string | undefined): Record<string, string> => (typeof l === 'string' ? { ja: l } : (l ?? {}));
function presentQuestion(x: AdminQuestionRow) {
  return {
    id: Number(x.id),
    question: x.question,
    type: x.type,
    required: x.required,
    options: (x.options ?? []).map((o) => ({ value: o.value, label: labelOf(o.label), points: o.points ?? 0 })),
  };
}

async function siteNamesOf(q: Queryable, actor: Actor, rows: AdminSurveyRow[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of new Set(rows.flatMap((r) => (r.site_id === null ? [] : [Number(r.site_id)])))) {
    const s = await scopedSite(q, actor, id).catch(() => null);
    if (s) out.set(id, s.name);
  }
  return out;
}

/** A survey in the actor's subtree, or 404; `forChange`: locked, and its owner's contract open (actor.ts). */
async function scopedSurvey(q: Queryable, actor: Actor, id: number, forChange = false): Promise<AdminSurveyRow> {
  const row = await surveyRow(q, id, forChange);
  if (!row) throw notFound();
  assertInScope(actor, (await getAccountBrief(q, Number(row.account_id)))?.path);
  if (forChange) await assertOwnerOpen(q, Number(row.account_id));
  return row;
}

export async function listSurveysAdmin(ctx: AppContext, actor: Actor, p: SurveyAdminListQuery): Promise<SurveyAdminList> {
  if (p.siteId) await scopedSite(ctx.db, actor, p.siteId);
  const scope = scopeSql(actor, 'path', 1);
  const { rows, total } = await listSurveyRows(ctx.db, { sql: accountInSubtreeSql('s.account_id', 1), param: scope.param }, p);
  const names = await siteNamesOf(ctx.db, actor, rows);
  return { items: rows.map((r) => summary(r, names)), total, page: p.page, pageSize: p.pageSize };
}

async function detail(q: Queryable, actor: Actor, row: AdminSurveyRow): Promise<SurveyDetail> {
  const questions = await adminQuestions(q, [Number(row.id)]);
  return { ...summary(row, await siteNamesOf(q, actor, [row])), description: row.description, questions: questions.map(presentQuestion) };
}

export async function getSurveyAdmin(ctx: AppContext, actor: Actor, id: number): Promise<SurveyDetail> {
  return detail(ctx.db, actor, await scopedSurvey(ctx.db, actor, id));
}

/** The site a survey is attached to must be the owner's (in the caller's scope). */
async function checkSite(q: Queryable, actor: Actor, siteId: number | null, ownerId: number | null): Promise<number> {
  if (siteId === null) return ownerId ?? actor.ownerId;
  // a closed owner's refusal (403) goes through; anything else about the site is a bad choice of site
  const site = await scopedSite(q, actor, siteId, true).catch((err: unknown) => {
    if ((err as { code?: string }).code === 'ACCOUNT_TERMINATED') throw err;
    return null;
  });
  if (!site || (ownerId !== null && Number(site.account_id) !== ownerId)) throw fieldError('siteId', 'validation.invalid_option');
  return Number(site.account_id);
}

export async function createSurveyAdmin(ctx: AppContext, actor: Actor, input: SurveyInput): Promise<SurveyDetail> {
  assertCanEdit(actor);
  if (input.questions.some((x) => x.id)) throw fieldError('questions', 'validation.invalid');
  return ctx.db.tx(async (q) => {
    const owner = await checkSite(q, actor, input.siteId, null);
    const id = await insertSurveyRow(q, owner, input);
    await replaceQuestions(q, id, input.questions);
    return detail(q, actor, (await surveyRow(q, id)) as AdminSurveyRow);
  });
}

export async function updateSurveyAdmin(ctx: AppContext, actor: Actor, id: number, input: SurveyInput): Promise<SurveyDetail> {
  assertCanEdit(actor);
  return ctx.db.tx(async (q) => {
    const row = await scopedSurvey(q, actor, id, true);
    await checkSite(q, actor, input.siteId, Number(row.account_id));
    const own = new Set(await questionIdsOf(q, id));
    input.questions.forEach((x, i) => {
      if (x.id && !own.has(x.id)) throw fieldError(`questions.${i}.id`, 'validation.invalid');
    });
    await updateSurveyRow(q, id, input);
    await replaceQuestions(q, id, input.questions);
    return detail(q, actor, (await surveyRow(q, id)) as AdminSurveyRow);
  });
}

export async function deleteSurveyAdmin(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanEdit(actor);
  await ctx.db.tx(async (q) => {
    await scopedSurvey(q, actor, id, true);
    await deleteSurveyRow(q, id);
  });
}

/** The surveys the site's owner may link from this site (the editor's picker). */
export async function surveyChoicesForSite(ctx: AppContext, actor: Actor, siteId: number): Promise<SurveyChoices> {
  const site = await scopedSite(ctx.db, actor, siteId);
  const rows = await linkableSurveys(ctx.db, Number(site.account_id), siteId);
  return { items: rows.map((r) => ({ id: Number(r.id), title: r.title, status: r.status })) };
}

/** For the sites module's save check (registered in modules/index.ts): which ids the site's owner may link. */
export function linkableSurveyIds(q: Queryable, ownerId: number, siteId: number, ids: number[]): Promise<number[]> {
  return ids.length === 0 ? Promise.resolve([]) : ownedSurveyIds(q, ownerId, siteId, ids);
}

async function presentResponses(q: Queryable, rows: AdminResponseRow[]): Promise<SurveyResponseView[]> {
  const surveyIds = [...new Set(rows.map((r) => Number(r.survey_id)))];
  const questions = await adminQuestions(q, surveyIds);
  const titles = new Map((await surveyTitles(q, surveyIds)).map((t) => [Number(t.id), t.title]));
  return rows.map((r) => ({
    id: Number(r.id),
    surveyId: Number(r.survey_id),
    surveyTitle: titles.get(Number(r.survey_id)) ?? {},
    email: r.email,
    score: r.score,
    answers: questions
      .filter((x) => Number(x.survey_id) === Number(r.survey_id))
      .map((x) => {
        const a = r.answers?.[String(x.id)];
        const picked = a === undefined ? [] : Array.isArray(a) ? a : [a];
        const labels = picked.map((v) => {
          const o = (x.options ?? []).find((y) => y.value === v);
          return o ? (Object.values(labelOf(o.label))[0] ?? v) : v;
        });
        const points = r.points?.[String(x.id)];
        return { questionId: Number(x.id), question: x.question, answer: x.type === 'TEXT' ? picked : labels, points: points ?? null };
      }),
    pageId: r.page_id === null ? null : Number(r.page_id),
    clickSource: r.click_source,
    createdAt: iso(r.created_at),
  }));
}

export async function listResponsesAdmin(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  p: SurveyResponseQuery,
): Promise<SurveyResponseList> {
  await scopedSite(ctx.db, actor, siteId);
  const { rows, total, average } = await responseRows(ctx.db, siteId, {
    surveyId: p.surveyId,
    search: p.search,
    limit: p.pageSize,
    offset: (p.page - 1) * p.pageSize,
  });
  return { items: await presentResponses(ctx.db, rows), total, page: p.page, pageSize: p.pageSize, averageScore: average };
}

const EXPORT_MAX = 50_000;
const pick = (r: Record<string, string>, lang: Lang) => r[lang] || Object.values(r).find(Boolean) || '';

/** CSV of a site's responses (BOM, CRLF): one row each, its score, then each question's answer and points. */
export async function exportResponsesCsv(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  p: SurveyResponseQuery,
  lang: Lang,
): Promise<string> {
  await scopedSite(ctx.db, actor, siteId);
  const { rows } = await responseRows(ctx.db, siteId, { surveyId: p.surveyId, search: p.search, limit: EXPORT_MAX, offset: 0 });
  const items = await presentResponses(ctx.db, rows);
  const h = (k: string) => translate(lang, `server.survey_csv_${k}`);
  const header = [h('id'), h('date'), h('survey'), h('email'), h('score'), h('answers')];
  const body = items.map((r) => [
    r.id,
    formatJapanTime(r.createdAt),
    pick(r.surveyTitle, lang),
    r.email,
    r.score,
    r.answers
      .filter((a) => a.answer.length > 0)
      .map((a) => `${pick(a.question, lang)}: ${a.answer.join(' / ')}${a.points === null ? '' : ` (${a.points})`}`)
      .join('\n'),
  ]);
  return csvDocument([header, ...body]);
}
