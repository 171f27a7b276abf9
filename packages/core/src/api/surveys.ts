import { z } from 'zod';
import { id } from './common.js';

// The survey calls of viewer.md 7 (sites origin): a site's surveys, one survey's questions (no points),
// and a visitor's response.

export const surveyQuestionView = z.object({
  id: z.number().int(),
  question: z.string(),
  type: z.enum(['SINGLE', 'MULTIPLE', 'TEXT']),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type SurveyQuestionView = z.output<typeof surveyQuestionView>;

export const surveyView = z.object({
  id: z.number().int(),
  siteId: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
});
export type SurveyView = z.output<typeof surveyView>;

export const surveyListQuery = z.object({
  siteId: id,
  lang: z.string().max(10).optional(),
  surveyId: id.optional(),
  variationId: z.string().max(100).optional(),
});
export const surveyLangQuery = z.object({ lang: z.string().max(10).optional() });
/** GET /end-user/survey */
export const surveyListResponse = z.object({ items: z.array(surveyView), surveyData: surveyView.nullable() });
/** GET /end-user/survey/{id}/questions */
export const surveyQuestionsResponse = z.object({ surveyData: surveyView, listQuestions: z.array(surveyQuestionView) });
/** POST /end-user/survey/{id}/response */
export const surveyResponseResponse = z.object({ id: z.number().int(), score: z.number(), createdAt: z.string(), message: z.string() });
