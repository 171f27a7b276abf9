import type { Queryable } from '../../db/db.js';
import { invalid } from '../../errors.js';

// A site's buttons and popups link surveys by id; the server refuses a survey the site's owner does not
// own. The surveys module knows which ones those are, and surveys imports sites, so it
// registers the check (modules/index.ts) instead of sites importing surveys.

export type LinkableSurveys = (q: Queryable, ownerId: number, siteId: number, ids: number[]) => Promise<number[]>;
let linkable: LinkableSurveys | null = null;
export function registerSurveyLinks(fn: LinkableSurveys): void {
  linkable = fn;
}

/** Every `linkedSurveyId` of a document with its path (buttons, popup transitions, campaign items). */
export function surveyLinks(doc: unknown): { path: string; id: number }[] {
  const out: { path: string; id: number }[] = [];
  const walk = (v: unknown, path: string[]) => {
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, [...path, String(i)]);
    } else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'linkedSurveyId' && typeof x === 'number') out.push({ path: [...path, k].join('.'), id: x });
        else walk(x, [...path, k]);
      }
  };
  walk(doc, []);
  return out;
}

/** 422 at each link to a survey the owner may not link from this site. */
export async function checkSurveyLinks(q: Queryable, ownerId: number, siteId: number, doc: unknown): Promise<void> {
  const links = surveyLinks(doc);
  if (links.length === 0 || !linkable) return;
  const ok = new Set(await linkable(q, ownerId, siteId, [...new Set(links.map((l) => l.id))]));
  const bad = links.filter((l) => !ok.has(l.id));
  if (bad.length > 0) throw invalid(bad.map((l) => ({ path: l.path, key: 'validation.survey_not_owned', params: {} })));
}
