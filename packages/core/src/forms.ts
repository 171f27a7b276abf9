import type { FieldType, FormType } from './constants.js';
import { LIMITS } from './constants.js';
import { crossFieldIssues, dateRuleIssue, type FieldRules, itemsRuleIssue, textRuleIssue } from './form-rules.js';
import type { FieldIssue } from './issues.js';

// No zod here: this file ships in the visitor bundle. The e-mail and end-user password rules below are
// the ones of validation.ts (the zod schemas); forms.test.ts proves both agree on generated inputs.

const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** The e-mail rule of viewer.md 5 on a trimmed value: no double dots, a local part, an @, a domain with a suffix of 2+ letters. */
export function isEmail(s: string): boolean {
  const v = s.trim();
  return v.length > 0 && v.length <= 254 && EMAIL.test(v) && !v.includes('..') && !v.startsWith('.') && !v.split('@')[0]?.endsWith('.');
}

const SPECIAL_CLASS = /[@#$%^&*()_+|{}<>:;[\]\-=,.?]/;
const ALLOWED_PASSWORD = /^[A-Za-z0-9@#$%^&*()_+|{}<>:;[\]\-=,.?]*$/;
/** The first end-user password rule a value breaks (viewer.md 5), as a validation key with its parameters, or null. */
export function memberPasswordIssue(p: string): { key: string; params: Record<string, number> } | null {
  if (p.length < LIMITS.endUserPasswordMin) return { key: 'validation.min_length', params: { min: LIMITS.endUserPasswordMin } };
  if (p.length > LIMITS.endUserPasswordMax) return { key: 'validation.max_length', params: { max: LIMITS.endUserPasswordMax } };
  if (/\s/.test(p)) return { key: 'validation.password_no_spaces', params: {} };
  if (!/[a-z]/.test(p)) return { key: 'validation.password_lowercase', params: {} };
  if (!/[A-Z]/.test(p)) return { key: 'validation.password_uppercase', params: {} };
  if (!/[0-9]/.test(p)) return { key: 'validation.password_digit', params: {} };
  if (!SPECIAL_CLASS.test(p)) return { key: 'validation.password_special', params: {} };
  if (!ALLOWED_PASSWORD.test(p)) return { key: 'validation.password_invalid_char', params: {} };
  return null;
}

// Visitor forms (viewer.md 3 and 5): the field settings of a form, the values a visitor sends, and the
// one validator both the form screens (instant feedback) and the server (the rule that counts) run.

export interface FormFieldSetting extends FieldRules {
  fieldKey: string;
  typeForm: FieldType;
  title: string;
  placeholder?: string | null;
  required?: boolean | null;
  orderNum?: number | null;
  options?: string[] | null;
  defaultValue?: string | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

export interface FormSettingLike {
  destinationEmails?: string[];
  sendConfirmation?: boolean;
  fields?: FormFieldSetting[];
}

export type FormValue = string | number | string[] | null;
export type FormValues = Record<string, FormValue>;

/** Field keys the membership form handles itself (the password pair never reaches stored data). */
export const MEMBERSHIP_SYSTEM_KEYS = ['email', 'password', 'confirmPassword'] as const;
/** Longest free text a visitor may send in one field, whatever the setting says. */
export const TEXT_HARD_MAX = 5000;
/** Largest magnitude a number field accepts without an explicit range. */
export const NUMBER_HARD_MAX = 1e12;

/** The default fields of each form group (viewer.md 3): titles come from the enduser namespace (`field_{key}`). */
export function defaultFields(type: FormType): FormFieldSetting[] {
  const email: FormFieldSetting = { fieldKey: 'email', typeForm: 'TEXT_BOX', title: '', required: true, orderNum: 1 };
  if (type === 'MEMBERSHIP_SETTING')
    return [
      email,
      { fieldKey: 'password', typeForm: 'TEXT_BOX', title: '', required: true, orderNum: 2 },
      { fieldKey: 'confirmPassword', typeForm: 'TEXT_BOX', title: '', required: true, orderNum: 3 },
    ];
  return [email, { fieldKey: 'companyName', typeForm: 'TEXT_BOX', title: '', required: true, orderNum: 2, maxLength: LIMITS.text }];
}

/** The fields of a form in display order (orderNum, then as configured); a form without settings gets the defaults. */
export function formFields(type: FormType, setting: FormSettingLike | null | undefined): FormFieldSetting[] {
  const fields = setting?.fields && setting.fields.length > 0 ? setting.fields : defaultFields(type);
  const out = fields.map((f, i) => ({ f, i }));
  out.sort((a, b) => (a.f.orderNum ?? 0) - (b.f.orderNum ?? 0) || a.i - b.i);
  let list = out.map((x) => x.f);
  // The membership form always asks for the e-mail and the password pair.
  if (type === 'MEMBERSHIP_SETTING') {
    const missing = defaultFields(type).filter((d) => !list.some((f) => f.fieldKey === d.fieldKey));
    list = [...missing.filter((m) => m.fieldKey === 'email'), ...list, ...missing.filter((m) => m.fieldKey !== 'email')];
  }
  return list;
}

/** Options a SELECT_OPTIONS default names: one option, or several separated by new lines. */
function defaultOptions(f: FormFieldSetting): string[] {
  const opts = f.options ?? [];
  if (!f.defaultValue) return [];
  if (opts.includes(f.defaultValue)) return [f.defaultValue];
  return f.defaultValue
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => opts.includes(s));
}

/** The values a form starts with: each field's default (a SELECT default must be one of its options). */
export function initialValues(fields: FormFieldSetting[]): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    switch (f.typeForm) {
      case 'SELECT':
        out[f.fieldKey] = f.defaultValue && (f.options ?? []).includes(f.defaultValue) ? f.defaultValue : '';
        break;
      case 'SELECT_OPTIONS':
        out[f.fieldKey] = defaultOptions(f);
        break;
      case 'NUMBER': {
        const n = f.defaultValue !== null && f.defaultValue !== undefined && f.defaultValue !== '' ? Number(f.defaultValue) : Number.NaN;
        out[f.fieldKey] = Number.isFinite(n) ? n : null;
        break;
      }
      default:
        out[f.fieldKey] = f.defaultValue ?? '';
    }
  }
  return out;
}

export function isEmailField(f: Pick<FormFieldSetting, 'fieldKey'>): boolean {
  return f.fieldKey === 'email' || /Email$/.test(f.fieldKey);
}
export function isPasswordField(f: Pick<FormFieldSetting, 'fieldKey'>): boolean {
  return f.fieldKey === 'password' || f.fieldKey === 'confirmPassword';
}

/** Longest text a TEXT_BOX field takes: its setting, else the general text limit (50). */
export function textMax(f: FormFieldSetting): number {
  if (isEmailField(f)) return 254;
  return Math.min(f.maxLength ?? LIMITS.text, TEXT_HARD_MAX);
}

export interface FormCheck {
  /** cleaned values: trimmed text, numbers as numbers, only the configured fields */
  values: FormValues;
  issues: FieldIssue[];
  /** a value had the wrong type or the body was not an object (400 rather than 422) */
  malformed: boolean;
}

/** A field issue: where, which translated message, with what parameters. */
export const issue = (path: string, key: string, params: Record<string, string | number> = {}): FieldIssue => ({ path, key, params });

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Checks a visitor's values against the form's field settings (viewer.md 5): required, max lengths,
 * e-mail format, number ranges, options that exist. Unknown keys are refused. `skip` names fields
 * checked elsewhere (the membership password pair).
 */
export function checkFormValues(fields: FormFieldSetting[], data: unknown, opts: { skip?: readonly string[] } = {}): FormCheck {
  const values: FormValues = {};
  const issues: FieldIssue[] = [];
  let malformed = false;
  if (data === undefined || data === null) data = {};
  if (!isPlainObject(data)) return { values, issues: [issue('data', 'validation.invalid_type')], malformed: true };
  const skip = new Set(opts.skip ?? []);
  const known = new Set(fields.map((f) => f.fieldKey));
  const unknown = Object.keys(data).filter((k) => !known.has(k) && !skip.has(k));
  if (unknown.length > 0) issues.push(issue(unknown[0] as string, 'validation.unknown_field', { keys: unknown.slice(0, 5).join(', ') }));

  for (const f of fields) {
    if (skip.has(f.fieldKey)) continue;
    const raw = data[f.fieldKey];
    const path = f.fieldKey;
    const required = Boolean(f.required);
    const wrongType = () => {
      malformed = true;
      issues.push(issue(path, 'validation.invalid_type'));
    };
    /** A text-like value (TEXT_BOX, DATE), trimmed and recorded: null when missing, empty or not a string (issues noted). */
    const text = (): string | null => {
      if (raw === undefined || raw === null) {
        if (required) issues.push(issue(path, 'validation.required'));
        values[path] = '';
        return null;
      }
      if (typeof raw !== 'string') {
        wrongType();
        return null;
      }
      const s = raw.trim();
      values[path] = s;
      if (s !== '') return s;
      if (required) issues.push(issue(path, 'validation.required'));
      return null;
    };
    switch (f.typeForm) {
      case 'TEXT_BOX': {
        const s = text();
        if (s === null) break;
        const max = textMax(f);
        if ([...s].length > max) {
          issues.push(issue(path, 'validation.max_length', { max }));
          break;
        }
        if (isEmailField(f) && !isEmail(s)) {
          issues.push(issue(path, 'validation.email'));
          break;
        }
        const rule = textRuleIssue(path, f, s);
        if (rule) issues.push(rule);
        break;
      }
      case 'DATE': {
        const s = text();
        if (s === null) break;
        const rule = dateRuleIssue(path, f, s);
        if (rule) issues.push(rule);
        break;
      }
      case 'NUMBER': {
        if (raw === undefined || raw === null || raw === '') {
          if (required) issues.push(issue(path, 'validation.required'));
          values[path] = null;
          break;
        }
        let n: number;
        if (typeof raw === 'number') n = raw;
        else if (typeof raw === 'string' && /^\s*-?\d{1,15}(\.\d{1,6})?\s*$/.test(raw)) n = Number(raw);
        else if (typeof raw === 'string') {
          issues.push(issue(path, 'validation.number'));
          break;
        } else {
          wrongType();
          break;
        }
        if (!Number.isFinite(n)) {
          issues.push(issue(path, 'validation.number'));
          break;
        }
        values[path] = n;
        const min = f.minValue ?? -NUMBER_HARD_MAX;
        const max = f.maxValue ?? NUMBER_HARD_MAX;
        if (n < min) issues.push(issue(path, 'validation.min_value', { min }));
        else if (n > max) issues.push(issue(path, 'validation.max_value', { max }));
        break;
      }
      case 'SELECT': {
        if (raw === undefined || raw === null || raw === '') {
          if (required) issues.push(issue(path, 'validation.required'));
          values[path] = '';
          break;
        }
        if (typeof raw !== 'string') {
          wrongType();
          break;
        }
        values[path] = raw;
        if (!(f.options ?? []).includes(raw)) issues.push(issue(path, 'validation.invalid_option'));
        break;
      }
      case 'SELECT_OPTIONS': {
        if (raw === undefined || raw === null) {
          if (required) issues.push(issue(path, 'validation.required'));
          values[path] = [];
          break;
        }
        if (!Array.isArray(raw) || raw.some((x) => typeof x !== 'string')) {
          wrongType();
          break;
        }
        const list = raw as string[];
        const opts = f.options ?? [];
        if (list.some((x) => !opts.includes(x))) {
          issues.push(issue(path, 'validation.invalid_option'));
          break;
        }
        const unique = opts.filter((o) => list.includes(o));
        values[path] = unique;
        if (required && unique.length === 0) issues.push(issue(path, 'validation.required'));
        else {
          const rule = itemsRuleIssue(path, f, unique.length, required);
          if (rule) issues.push(rule);
        }
        break;
      }
      default:
        // A field kind this build does not know: an error rather than a silent pass (viewer.md 5).
        issues.push(issue(path, 'validation.invalid'));
    }
  }
  // cross-field rules (viewer.md 5), between fields that passed their own checks
  const checked = fields.filter((f) => !skip.has(f.fieldKey));
  issues.push(...crossFieldIssues(checked, values, new Set(issues.map((i) => i.path))));
  return { values, issues, malformed };
}

/** End-user password rules with the confirmation (viewer.md 5), as field issues. */
export function checkMemberPassword(password: unknown, confirmPassword: unknown): { issues: FieldIssue[]; malformed: boolean } {
  const issues: FieldIssue[] = [];
  let malformed = false;
  if (password !== undefined && password !== null && typeof password !== 'string') {
    malformed = true;
    issues.push(issue('password', 'validation.invalid_type'));
  } else {
    const p = (password ?? '') as string;
    // one message per field: the first rule broken
    const broken = p === '' ? { key: 'validation.required', params: {} } : memberPasswordIssue(p);
    if (broken) issues.push(issue('password', broken.key, broken.params));
  }
  if (confirmPassword !== undefined && confirmPassword !== null && typeof confirmPassword !== 'string') {
    malformed = true;
    issues.push(issue('confirmPassword', 'validation.invalid_type'));
  } else if ((confirmPassword ?? '') === '') issues.push(issue('confirmPassword', 'validation.required'));
  else if (confirmPassword !== password) issues.push(issue('confirmPassword', 'validation.passwords_mismatch'));
  return { issues, malformed };
}

/** E-mail rule alone (login, resend, surveys). */
export function checkEmail(value: unknown, path = 'email'): FieldIssue | null {
  if (value === undefined || value === null || value === '') return issue(path, 'validation.required');
  if (typeof value !== 'string') return issue(path, 'validation.invalid_type');
  return isEmail(value) ? null : issue(path, 'validation.email');
}

/** Longest password a visitor's or invitee's login accepts (hashing more is only a cost). */
export const LOGIN_PASSWORD_MAX = 200;

/**
 * The one check of an e-mail + password login (end-user login, preview lock), shared by the
 * server and the visitor's screens: required, the right type, an e-mail, a password of sane length.
 */
export function checkLogin(email: unknown, password: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const e = checkEmail(typeof email === 'string' ? email.trim() : email);
  if (e) issues.push(e);
  if (password === undefined || password === null || password === '') issues.push(issue('password', 'validation.required'));
  else if (typeof password !== 'string') issues.push(issue('password', 'validation.invalid_type'));
  else if (password.length > LOGIN_PASSWORD_MAX) issues.push(issue('password', 'validation.max_length', { max: LOGIN_PASSWORD_MAX }));
  return issues;
}
