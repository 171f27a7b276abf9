import { isDay } from './analytics.js';
import type { FieldIssue } from './issues.js';

// The generic rules of viewer.md 5 that a visitor-form field may carry beyond required / max length /
// number range: min length and pattern (text), min and max date (date), min and max checked options
// (checkboxes) and the cross-field rules (equal to another field, after another field). No zod here:
// forms.ts (visitor bundle and server) checks values with these, site.ts checks the settings with them.

export interface FieldRules {
  minLength?: number | null;
  /** a JavaScript regular expression (u flag) the whole value must match */
  pattern?: string | null;
  minItems?: number | null;
  maxItems?: number | null;
  /** YYYY-MM-DD */
  minDate?: string | null;
  maxDate?: string | null;
  /** the value must equal this field's value (confirm e-mail) */
  equalsField?: string | null;
  /** the value (date or number) must come after this field's value (end date after start date) */
  afterField?: string | null;
}

export const RULE_KEYS = ['minLength', 'pattern', 'minItems', 'maxItems', 'minDate', 'maxDate', 'equalsField', 'afterField'] as const;
/** The rules a field sets (no empty ones): what the sites repo stores in form_fields.rules. */
export function pickRules(f: FieldRules): FieldRules {
  const out: Record<string, unknown> = {};
  for (const k of RULE_KEYS) if (f[k] !== null && f[k] !== undefined && f[k] !== '') out[k] = f[k];
  return out as FieldRules;
}

/** Longest pattern an operator may set. */
export const PATTERN_MAX = 100;
/** Longest value ever tested against a pattern (longer values are refused before the test). */
export const PATTERN_INPUT_MAX = 256;

/** A real calendar day written YYYY-MM-DD: core's one day check (the analytics periods use it too). */
export const isIsoDate = isDay;

/**
 * Whether a pattern could backtrack catastrophically: a back-reference, or a quantified group that
 * itself holds a quantifier or an alternation ((a+)+, (a|a)*, (\d{2})+). Conservative on purpose.
 */
function riskyPattern(src: string): boolean {
  if (/\\[1-9]|\\k</.test(src)) return true;
  const stack: { quant: boolean; alt: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '[') inClass = true;
    else if (c === '(') stack.push({ quant: false, alt: false });
    else if (c === '|') {
      if (top) top.alt = true;
    } else if (c === ')') {
      const g = stack.pop();
      const next = src[i + 1];
      const quantified = next === '*' || next === '+' || next === '{';
      if (g && quantified && (g.quant || g.alt)) return true;
      const parent = stack[stack.length - 1];
      if (parent && (g?.quant || quantified)) parent.quant = true;
    } else if ((c === '*' || c === '+' || c === '{') && top) top.quant = true;
  }
  return false;
}

/** What is wrong with a pattern setting (a validation key), or null: too long, not a regular expression, or risky. */
export function patternIssue(src: string): string | null {
  if (src.length > PATTERN_MAX) return 'validation.pattern_too_long';
  try {
    new RegExp(src, 'u');
  } catch {
    return 'validation.pattern_invalid';
  }
  return riskyPattern(src) ? 'validation.pattern_unsafe' : null;
}

const compiled = new Map<string, RegExp | null>();
/** The anchored expression of a safe pattern, or null for one the settings would refuse. */
export function patternRegExp(src: string): RegExp | null {
  let re = compiled.get(src);
  if (re === undefined) {
    re = patternIssue(src) ? null : new RegExp(`^(?:${src})$`, 'u');
    if (compiled.size > 500) compiled.clear();
    compiled.set(src, re);
  }
  return re;
}

/** The setting a rule issue points at, with its validation key. */
export interface RuleSettingIssue {
  index: number;
  prop: keyof FieldRules | 'minValue' | 'maxLength';
  key: string;
}

interface RuleField extends FieldRules {
  fieldKey: string;
  typeForm: string;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  options?: string[] | null;
}

const has = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;

/**
 * The settings' own consistency (the editor's inline check and the server's 422 on save alike): ranges
 * in order, dates that exist, a pattern that compiles and is safe, cross-field rules naming another
 * field of a fitting type. Only the rules the field's type uses are checked.
 */
export function fieldRuleIssues(fields: readonly RuleField[], textLimit: number): RuleSettingIssue[] {
  const out: RuleSettingIssue[] = [];
  fields.forEach((f, index) => {
    const add = (prop: RuleSettingIssue['prop'], key: string) => out.push({ index, prop, key });
    if (f.typeForm === 'TEXT_BOX') {
      if (has(f.minLength) && f.minLength > (f.maxLength ?? textLimit)) add('minLength', 'validation.min_over_max');
      if (has(f.pattern) && f.pattern !== '') {
        const p = patternIssue(f.pattern);
        if (p) add('pattern', p);
      }
    }
    if (f.typeForm === 'NUMBER' && has(f.minValue) && has(f.maxValue) && f.minValue > f.maxValue)
      add('minValue', 'validation.min_over_max');
    if (f.typeForm === 'SELECT_OPTIONS') {
      if (has(f.minItems) && has(f.maxItems) && f.minItems > f.maxItems) add('minItems', 'validation.min_over_max');
      else if (has(f.minItems) && f.minItems > (f.options ?? []).length) add('minItems', 'validation.items_over_options');
      if (has(f.maxItems) && f.maxItems > (f.options ?? []).length) add('maxItems', 'validation.items_over_options');
    }
    if (f.typeForm === 'DATE') {
      if (has(f.minDate) && !isIsoDate(f.minDate)) add('minDate', 'validation.date');
      if (has(f.maxDate) && !isIsoDate(f.maxDate)) add('maxDate', 'validation.date');
      if (has(f.minDate) && has(f.maxDate) && isIsoDate(f.minDate) && isIsoDate(f.maxDate) && f.minDate > f.maxDate)
        add('minDate', 'validation.min_over_max');
    }
    const other = (k: string) => (k === f.fieldKey ? undefined : fields.find((x) => x.fieldKey === k));
    if (has(f.equalsField) && f.equalsField !== '') {
      const o = other(f.equalsField);
      if (!o || f.typeForm !== 'TEXT_BOX' || o.typeForm !== 'TEXT_BOX') add('equalsField', 'validation.compare_field');
    }
    if (has(f.afterField) && f.afterField !== '') {
      const o = other(f.afterField);
      if (!o || o.typeForm !== f.typeForm || (f.typeForm !== 'DATE' && f.typeForm !== 'NUMBER'))
        add('afterField', 'validation.compare_field');
    }
  });
  return out;
}

// ---------- values ----------

const issue = (path: string, key: string, params: Record<string, string | number> = {}): FieldIssue => ({ path, key, params });

/** The text rules beyond required and max length, on a trimmed non-empty value: min length, then the pattern. */
export function textRuleIssue(path: string, f: FieldRules, s: string): FieldIssue | null {
  const len = [...s].length;
  if (has(f.minLength) && len < f.minLength) return issue(path, 'validation.min_length', { min: f.minLength });
  if (has(f.pattern) && f.pattern !== '') {
    const re = patternRegExp(f.pattern);
    if (!re) return null; // a pattern the settings refuse is never stored
    if (len > PATTERN_INPUT_MAX) return issue(path, 'validation.max_length', { max: PATTERN_INPUT_MAX });
    if (!re.test(s)) return issue(path, 'validation.pattern');
  }
  return null;
}

/** A date value (trimmed, non-empty): a real day, within the field's range. */
export function dateRuleIssue(path: string, f: FieldRules, s: string): FieldIssue | null {
  if (!isIsoDate(s)) return issue(path, 'validation.date');
  if (has(f.minDate) && s < f.minDate) return issue(path, 'validation.min_date', { min: f.minDate });
  if (has(f.maxDate) && s > f.maxDate) return issue(path, 'validation.max_date', { max: f.maxDate });
  return null;
}

/** The number of checked options: at least minItems (once any is checked, or when required), at most maxItems. */
export function itemsRuleIssue(path: string, f: FieldRules, count: number, required: boolean): FieldIssue | null {
  if (has(f.minItems) && count < f.minItems && (count > 0 || required)) return issue(path, 'validation.min_items', { min: f.minItems });
  if (has(f.maxItems) && count > f.maxItems) return issue(path, 'validation.max_items', { max: f.maxItems });
  return null;
}

type Value = string | number | string[] | null;
const filled = (v: Value | undefined): v is string | number => (typeof v === 'string' && v !== '') || typeof v === 'number';

/**
 * The cross-field rules, once each field passed its own: equal to another field (case-sensitive on
 * the trimmed values), after another field (strictly later date or greater number). Empty sides are
 * left to `required`.
 */
export function crossFieldIssues(
  fields: readonly (RuleField & { title?: string | null })[],
  values: Record<string, Value>,
  already: ReadonlySet<string>,
): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const f of fields) {
    if (already.has(f.fieldKey)) continue;
    const v = values[f.fieldKey];
    for (const [rule, key] of [
      ['equalsField', 'validation.must_equal'],
      ['afterField', 'validation.must_be_after'],
    ] as const) {
      const ok = f[rule];
      const o = ok ? fields.find((x) => x.fieldKey === ok && x.fieldKey !== f.fieldKey) : undefined;
      if (!o || already.has(o.fieldKey)) continue;
      const w = values[o.fieldKey];
      if (!filled(v) || !filled(w)) continue;
      const bad = rule === 'equalsField' ? v !== w : !(v > w);
      if (bad) {
        out.push(issue(f.fieldKey, key, { field: o.title || o.fieldKey }));
        break;
      }
    }
  }
  return out;
}
