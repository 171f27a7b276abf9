import { describe, expect, it } from 'vitest';
import { isIsoDate, PATTERN_INPUT_MAX, patternIssue, pickRules } from './form-rules.js';
import { checkFormValues, type FormFieldSetting } from './forms.js';
import { toFieldIssues } from './issues.js';
import { formSettingSchema } from './site.js';

// viewer.md 5's generic rules: each rule with a passing and a failing value, through the one checker
// the visitor's form and the server both run (checkFormValues), and the settings' own consistency.

const keysOf = (fields: FormFieldSetting[], data: Record<string, unknown>) =>
  Object.fromEntries(checkFormValues(fields, data).issues.map((i) => [i.path, i.key]));

describe('date fields', () => {
  const f: FormFieldSetting[] = [
    { fieldKey: 'day', typeForm: 'DATE', title: 'Day', required: true, minDate: '2026-01-01', maxDate: '2026-12-31' },
  ];
  it('required', () => {
    expect(keysOf(f, { day: '' })).toEqual({ day: 'validation.required' });
    expect(keysOf(f, {})).toEqual({ day: 'validation.required' });
    expect(keysOf([{ ...f[0], required: false } as FormFieldSetting], { day: '' })).toEqual({});
  });
  it('a real day written YYYY-MM-DD', () => {
    expect(keysOf(f, { day: '2026-02-30' })).toEqual({ day: 'validation.date' });
    expect(keysOf(f, { day: '26-2-3' })).toEqual({ day: 'validation.date' });
    expect(checkFormValues(f, { day: 20260203 }).malformed).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
  });
  it('min and max date, bounds included', () => {
    expect(keysOf(f, { day: '2026-01-01' })).toEqual({});
    expect(keysOf(f, { day: '2026-12-31' })).toEqual({});
    expect(checkFormValues(f, { day: '2025-12-31' }).issues[0]).toEqual({
      path: 'day',
      key: 'validation.min_date',
      params: { min: '2026-01-01' },
    });
    expect(checkFormValues(f, { day: '2027-01-01' }).issues[0]).toEqual({
      path: 'day',
      key: 'validation.max_date',
      params: { max: '2026-12-31' },
    });
  });
});

describe('checked options', () => {
  const f: FormFieldSetting[] = [
    { fieldKey: 'topics', typeForm: 'SELECT_OPTIONS', title: 'Topics', options: ['a', 'b', 'c', 'd'], minItems: 2, maxItems: 3 },
  ];
  it('at least minItems once any is checked', () => {
    expect(keysOf(f, { topics: ['a'] })).toEqual({ topics: 'validation.min_items' });
    expect(keysOf(f, { topics: ['a', 'b'] })).toEqual({});
    expect(keysOf(f, { topics: [] })).toEqual({});
    expect(keysOf([{ ...f[0], required: true } as FormFieldSetting], { topics: [] })).toEqual({ topics: 'validation.required' });
  });
  it('at most maxItems', () => {
    expect(keysOf(f, { topics: ['a', 'b', 'c'] })).toEqual({});
    expect(checkFormValues(f, { topics: ['a', 'b', 'c', 'd'] }).issues[0]).toEqual({
      path: 'topics',
      key: 'validation.max_items',
      params: { max: 3 },
    });
  });
});

describe('text: min length and pattern', () => {
  const f: FormFieldSetting[] = [{ fieldKey: 'zip', typeForm: 'TEXT_BOX', title: 'Zip', pattern: '\\d{3}-\\d{4}', minLength: 8 }];
  it('min length', () => {
    expect(keysOf(f, { zip: '123-456' })).toEqual({ zip: 'validation.min_length' });
  });
  it('the whole value matches the pattern', () => {
    expect(keysOf(f, { zip: '123-4567' })).toEqual({});
    expect(keysOf(f, { zip: ' 123-4567 ' })).toEqual({});
    expect(keysOf(f, { zip: '123-45678' })).toEqual({ zip: 'validation.pattern' });
    expect(keysOf(f, { zip: 'x123-4567' })).toEqual({ zip: 'validation.pattern' });
  });
  it('a value longer than the pattern input bound is refused before the test', () => {
    const long: FormFieldSetting[] = [{ fieldKey: 'note', typeForm: 'TEXT_BOX', title: 'Note', maxLength: 5000, pattern: '[a-z]*' }];
    expect(keysOf(long, { note: 'a'.repeat(PATTERN_INPUT_MAX) })).toEqual({});
    expect(keysOf(long, { note: 'a'.repeat(PATTERN_INPUT_MAX + 1) })).toEqual({ note: 'validation.max_length' });
  });
});

describe('cross-field rules', () => {
  const f: FormFieldSetting[] = [
    { fieldKey: 'email', typeForm: 'TEXT_BOX', title: 'E-mail', required: true },
    { fieldKey: 'confirmEmail', typeForm: 'TEXT_BOX', title: 'Confirm', required: true, equalsField: 'email' },
    { fieldKey: 'start', typeForm: 'DATE', title: 'Start' },
    { fieldKey: 'end', typeForm: 'DATE', title: 'End', afterField: 'start' },
    { fieldKey: 'low', typeForm: 'NUMBER', title: 'Low' },
    { fieldKey: 'high', typeForm: 'NUMBER', title: 'High', afterField: 'low' },
  ];
  const ok = { email: 'a@b.jp', confirmEmail: 'a@b.jp', start: '2026-03-01', end: '2026-03-02', low: 1, high: 2 };
  it('passes when the rules hold', () => {
    expect(keysOf(f, ok)).toEqual({});
  });
  it('confirm e-mail equals e-mail, naming the other field', () => {
    expect(checkFormValues(f, { ...ok, confirmEmail: 'a@c.jp' }).issues).toEqual([
      { path: 'confirmEmail', key: 'validation.must_equal', params: { field: 'E-mail' } },
    ]);
  });
  it('end date after start date, strictly', () => {
    expect(keysOf(f, { ...ok, end: '2026-03-01' })).toEqual({ end: 'validation.must_be_after' });
    expect(keysOf(f, { ...ok, end: '2026-02-01' })).toEqual({ end: 'validation.must_be_after' });
  });
  it('numbers compare as numbers', () => {
    expect(keysOf(f, { ...ok, low: '10', high: '9' })).toEqual({ high: 'validation.must_be_after' });
    expect(keysOf(f, { ...ok, low: '9', high: '10' })).toEqual({});
  });
  it('an empty side or a side with its own error is left to its own rule', () => {
    expect(keysOf(f, { ...ok, start: '' })).toEqual({});
    expect(keysOf(f, { ...ok, email: 'not an e-mail' })).toEqual({ email: 'validation.email' });
  });
});

describe('the settings themselves', () => {
  const check = (fields: unknown[]) => {
    const r = formSettingSchema.safeParse({ fields });
    return r.success ? [] : toFieldIssues(r.error).map((i) => `${i.path} ${i.key}`);
  };
  const base = { title: 'T', orderNum: 0 };
  it('accepts consistent rules', () => {
    expect(
      check([
        { ...base, fieldKey: 'a', typeForm: 'DATE', minDate: '2026-01-01', maxDate: '2026-01-01' },
        { ...base, fieldKey: 'b', typeForm: 'DATE', afterField: 'a' },
        { ...base, fieldKey: 'c', typeForm: 'SELECT_OPTIONS', options: ['x', 'y'], minItems: 1, maxItems: 2 },
        { ...base, fieldKey: 'd', typeForm: 'TEXT_BOX', pattern: '[A-Z]{2}\\d+', minLength: 3, maxLength: 10 },
        { ...base, fieldKey: 'e', typeForm: 'TEXT_BOX', equalsField: 'd' },
      ]),
    ).toEqual([]);
  });
  it('min over max, per kind', () => {
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'NUMBER', minValue: 5, maxValue: 4 }])).toEqual([
      'fields.0.minValue validation.min_over_max',
    ]);
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'TEXT_BOX', minLength: 11, maxLength: 10 }])).toEqual([
      'fields.0.minLength validation.min_over_max',
    ]);
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'DATE', minDate: '2026-02-01', maxDate: '2026-01-01' }])).toEqual([
      'fields.0.minDate validation.min_over_max',
    ]);
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'SELECT_OPTIONS', options: ['x', 'y', 'z'], minItems: 3, maxItems: 2 }])).toEqual([
      'fields.0.minItems validation.min_over_max',
    ]);
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'SELECT_OPTIONS', options: ['x'], maxItems: 2 }])).toEqual([
      'fields.0.maxItems validation.items_over_options',
    ]);
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'DATE', minDate: '2026-02-30' }])).toEqual(['fields.0.minDate validation.date']);
  });
  it('cross-field rules name another field of a fitting type', () => {
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'TEXT_BOX', equalsField: 'a' }])).toEqual([
      'fields.0.equalsField validation.compare_field',
    ]);
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'TEXT_BOX', equalsField: 'zz' }])).toEqual([
      'fields.0.equalsField validation.compare_field',
    ]);
    expect(
      check([
        { ...base, fieldKey: 'a', typeForm: 'TEXT_BOX' },
        { ...base, fieldKey: 'b', typeForm: 'TEXT_BOX', afterField: 'a' },
      ]),
    ).toEqual(['fields.1.afterField validation.compare_field']);
  });
  it('patterns: valid, bounded and safe', () => {
    expect(patternIssue('[a-z]+@example\\.jp')).toBeNull();
    expect(patternIssue('(?:ab|cd)')).toBeNull();
    expect(patternIssue('(')).toBe('validation.pattern_invalid');
    expect(patternIssue('a'.repeat(101))).toBe('validation.pattern_too_long');
    for (const bad of ['(a+)+$', '(a*)*', '(a|aa)+', '(\\d{2})+', '((ab)*c)+', '(a)\\1', '(?<x>a)\\k<x>'])
      expect(patternIssue(bad), bad).toBe('validation.pattern_unsafe');
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'TEXT_BOX', pattern: '(a+)+' }])).toEqual([
      'fields.0.pattern validation.pattern_unsafe',
    ]);
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'TEXT_BOX', pattern: '[' }])).toEqual([
      'fields.0.pattern validation.pattern_invalid',
    ]);
  });
  it('only the rules the type uses are stored or checked', () => {
    expect(pickRules({ minLength: 2, pattern: '', minDate: null })).toEqual({ minLength: 2 });
    expect(check([{ ...base, fieldKey: 'a', typeForm: 'NUMBER', pattern: '(' }])).toEqual([]);
  });
});
