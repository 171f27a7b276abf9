import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.js';
import { id, paged, pageQuery } from './common.js';

// Operator surveys (admin origin /api/v1): a survey editor for a site's owner (questions,
// kinds SINGLE / MULTIPLE / TEXT as the visitor side supports, options with points, required), the
// responses of a site with their scores and CSV export, and the surveys a site's owner may link.

export const SURVEY_KINDS = ['SINGLE', 'MULTIPLE', 'TEXT'] as const;
export const SURVEY_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const SURVEY_LIMITS = { questions: 50, options: 20, questionText: 200, optionText: 100, description: 500, points: 1000 } as const;

const texts = (max: number) => z.partialRecord(z.enum(LANGUAGES), z.string().trim().max(max)).default({});
/** At least one language filled (the visitor falls back to any filled one). */
const requiredTexts = (max: number) =>
  texts(max).refine((r) => Object.values(r).some((s) => typeof s === 'string' && s.length > 0), { error: 'validation.required' });

export const surveyOptionInput = z.object({
  value: z.string().trim().min(1, { error: 'validation.required' }).max(50),
  label: requiredTexts(SURVEY_LIMITS.optionText),
  points: z.number().int().min(-SURVEY_LIMITS.points).max(SURVEY_LIMITS.points).default(0),
});
export const surveyQuestionInput = z
  .object({
    id: id.optional(),
    question: requiredTexts(SURVEY_LIMITS.questionText),
    type: z.enum(SURVEY_KINDS),
    required: z.boolean().default(true),
    options: z.array(surveyOptionInput).max(SURVEY_LIMITS.options).default([]),
  })
  .superRefine((q, ctx) => {
    if (q.type !== 'TEXT' && q.options.length < 2)
      ctx.addIssue({ code: 'custom', message: 'validation.survey_two_options', path: ['options'] });
    const seen = new Set<string>();
    q.options.forEach((o, i) => {
      if (seen.has(o.value)) ctx.addIssue({ code: 'custom', message: 'validation.duplicate', path: ['options', i, 'value'] });
      seen.add(o.value);
    });
  });
export const surveyBody = z.object({
  title: requiredTexts(LIMITS.text),
  description: texts(SURVEY_LIMITS.description),
  status: z.enum(SURVEY_STATUSES).default('ACTIVE'),
  /** the site it belongs to (its owner owns the survey); null: a survey of the caller's account for any of its sites */
  siteId: id.nullable().default(null),
  questions: z.array(surveyQuestionInput).min(1, { error: 'validation.survey_one_question' }).max(SURVEY_LIMITS.questions),
});
export type SurveyBody = z.input<typeof surveyBody>;
export type SurveyInput = z.output<typeof surveyBody>;

const textMap = z.record(z.string(), z.string());
export const surveyAdminQuestion = z.object({
  id: z.number().int(),
  question: textMap,
  type: z.enum(SURVEY_KINDS),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: textMap, points: z.number() })),
});
export type SurveyAdminQuestion = z.output<typeof surveyAdminQuestion>;
export const surveySummary = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  title: textMap,
  status: z.enum(SURVEY_STATUSES),
  questionCount: z.number().int(),
  responseCount: z.number().int(),
  maxScore: z.number(),
  createdAt: z.string(),
});
export type SurveySummary = z.output<typeof surveySummary>;
export const surveyDetail = surveySummary.extend({ description: textMap, questions: z.array(surveyAdminQuestion) });
export type SurveyDetail = z.output<typeof surveyDetail>;
export const surveyAdminList = paged(surveySummary);
export type SurveyAdminList = z.output<typeof surveyAdminList>;
export const surveyAdminListQuery = pageQuery.extend({ siteId: id.optional() });
export type SurveyAdminListQuery = z.output<typeof surveyAdminListQuery>;

/** The surveys a site's owner may link from that site's buttons and popups (the editor's picker). */
export const surveyChoices = z.object({
  items: z.array(z.object({ id: z.number().int(), title: textMap, status: z.enum(SURVEY_STATUSES) })),
});
export type SurveyChoices = z.output<typeof surveyChoices>;

export const surveyResponseView = z.object({
  id: z.number().int(),
  surveyId: z.number().int(),
  surveyTitle: textMap,
  email: z.string(),
  score: z.number(),
  answers: z.array(
    z.object({ questionId: z.number().int(), question: textMap, answer: z.array(z.string()), points: z.number().nullable() }),
  ),
  pageId: z.number().int().nullable(),
  clickSource: z.string().nullable(),
  createdAt: z.string(),
});
export type SurveyResponseView = z.output<typeof surveyResponseView>;
export const surveyResponseList = paged(surveyResponseView).extend({ averageScore: z.number().nullable() });
export type SurveyResponseList = z.output<typeof surveyResponseList>;
export const surveyResponseQuery = pageQuery.extend({ surveyId: id.optional(), lang: z.enum(LANGUAGES).optional() });
export type SurveyResponseQuery = z.output<typeof surveyResponseQuery>;
export const surveySiteParams = z.object({ siteId: id });
