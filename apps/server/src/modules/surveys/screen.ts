import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { SurveyScreen } from '../enduser/service.js';
import { listSurveys, surveyWithQuestions } from './service.js';

/** Cookies the viewer sets on a survey transition (viewer.md 4); the body's values win. */
export const SURVEY_COOKIES = { pageId: 'survey_page_id', ctaId: 'survey_cta_id', clickSource: 'survey_click_source' } as const;

export function surveyCookies(req: FastifyRequest): { pageId?: string; ctaId?: string; clickSource?: string } {
  const c = req.cookies ?? {};
  return { pageId: c[SURVEY_COOKIES.pageId], ctaId: c[SURVEY_COOKIES.ctaId], clickSource: c[SURVEY_COOKIES.clickSource] };
}

function str(v: unknown, max = 200): string | null {
  return typeof v === 'string' && v.length > 0 && v.length <= max ? v : null;
}
function posInt(v: unknown): number | null {
  const s = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  return /^\d{1,15}$/.test(s) && Number(s) > 0 ? Number(s) : null;
}

/** The survey screen (viewer.md 3): the asked survey or the site's first, and where the visitor came from. */
export const surveyScreen: SurveyScreen = async (ctx: AppContext, req, { siteId, lang, query: q }) => {
  const asked = posInt(q.survey_id ?? q.surveyId ?? q.id);
  const surveyId = asked ?? (await listSurveys(ctx, siteId, lang))[0]?.id ?? null;
  let survey = null;
  if (surveyId) {
    try {
      const s = await surveyWithQuestions(ctx, surveyId, lang, siteId);
      survey = { ...s.survey, questions: s.questions };
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
    }
  }
  const cookies = surveyCookies(req);
  const source = str(q.click_source ?? q.source ?? q.type, 40) ?? cookies.clickSource ?? null;
  return {
    survey,
    surveyContext: {
      pageId: posInt(q.page_id) ?? posInt(cookies.pageId),
      ctaId: posInt(q.cta_id) ?? posInt(cookies.ctaId),
      clickSource: source === 'BUTTON_CTA' || source === 'POPUP_CTA_TRANSITION' ? source : null,
    },
  };
};
