import { isPlainObject, issue } from './forms.js';
import type { FieldIssue } from './issues.js';

// The survey answer rules of viewer.md 3 and 5, shared by the survey screen and the server. No zod
// here: this file ships in the visitor bundle.

export interface SurveyOption {
  value: string;
  label?: Record<string, string> | string;
  points?: number;
}
export interface SurveyQuestionLike {
  id: number;
  type: 'SINGLE' | 'MULTIPLE' | 'TEXT';
  required: boolean;
  options: SurveyOption[];
}
export type SurveyAnswer = string | string[];

export interface SurveyCheck {
  answers: Record<string, SurveyAnswer>;
  points: Record<string, number>;
  score: number;
  issues: FieldIssue[];
  malformed: boolean;
}

export const SURVEY_TEXT_MAX = 1000;

/** Answers keyed by question id: every required question answered, options that exist; points summed into a score. */
export function checkSurveyAnswers(questions: SurveyQuestionLike[], answers: unknown): SurveyCheck {
  const out: SurveyCheck = { answers: {}, points: {}, score: 0, issues: [], malformed: false };
  if (answers === undefined || answers === null) answers = {};
  if (!isPlainObject(answers)) {
    out.malformed = true;
    out.issues.push(issue('answers', 'validation.invalid_type'));
    return out;
  }
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const unknown = Object.keys(answers).filter((k) => !byId.has(k));
  if (unknown.length > 0) out.issues.push(issue('answers', 'validation.unknown_field', { keys: unknown.slice(0, 5).join(', ') }));
  let missing = false;
  for (const q of questions) {
    const key = String(q.id);
    const path = `answers.${key}`;
    const raw = answers[key];
    const empty = raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0);
    if (empty) {
      if (q.required) missing = true;
      continue;
    }
    const values = q.options.map((o) => o.value);
    if (q.type === 'TEXT') {
      if (typeof raw !== 'string') {
        out.malformed = true;
        out.issues.push(issue(path, 'validation.invalid_type'));
        continue;
      }
      const s = raw.trim();
      if (s === '') {
        if (q.required) missing = true;
        continue;
      }
      if ([...s].length > SURVEY_TEXT_MAX) out.issues.push(issue(path, 'validation.max_length', { max: SURVEY_TEXT_MAX }));
      else out.answers[key] = s;
      continue;
    }
    const picked: unknown = raw;
    if (q.type === 'SINGLE' && typeof picked !== 'string') {
      out.malformed = true;
      out.issues.push(issue(path, 'validation.invalid_type'));
      continue;
    }
    if (q.type === 'MULTIPLE' && (!Array.isArray(picked) || picked.some((x) => typeof x !== 'string'))) {
      out.malformed = true;
      out.issues.push(issue(path, 'validation.invalid_type'));
      continue;
    }
    const list = typeof picked === 'string' ? [picked] : (picked as string[]);
    if (list.some((v) => !values.includes(v))) {
      out.issues.push(issue(path, 'validation.invalid_option'));
      continue;
    }
    const unique = values.filter((v) => list.includes(v));
    out.answers[key] = q.type === 'SINGLE' ? (unique[0] as string) : unique;
    const pts = q.options
      .filter((o) => unique.includes(o.value))
      .reduce((s, o) => s + (Number.isFinite(o.points) ? Number(o.points) : 0), 0);
    out.points[key] = pts;
    out.score += pts;
  }
  if (missing) out.issues.unshift(issue('answers', 'validation.survey_required_answers'));
  return out;
}

/** A per-language text of a survey (title, question, option label): the language, else ja, en, then any. */
export function pickText(t: Record<string, string> | string | null | undefined, lang: string): string {
  if (!t) return '';
  if (typeof t === 'string') return t;
  return t[lang] ?? t.ja ?? t.en ?? Object.values(t)[0] ?? '';
}
