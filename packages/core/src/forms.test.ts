import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkFormValues,
  checkMemberPassword,
  defaultFields,
  type FormFieldSetting,
  formFields,
  initialValues,
  isEmail,
  memberPasswordIssue,
} from './forms.js';
import { toFieldIssues } from './issues.js';
import { checkSurveyAnswers } from './surveys.js';
import { email as emailSchema, endUserPassword } from './validation.js';

const fields: FormFieldSetting[] = [
  { fieldKey: 'message', typeForm: 'TEXT_BOX', title: 'Message', orderNum: 6, maxLength: 10 },
  { fieldKey: 'email', typeForm: 'TEXT_BOX', title: 'E-mail', required: true, orderNum: 1 },
  { fieldKey: 'companyName', typeForm: 'TEXT_BOX', title: 'Company', required: true, orderNum: 2 },
  { fieldKey: 'topic', typeForm: 'SELECT', title: 'Topic', required: true, orderNum: 3, options: ['A', 'B'], defaultValue: 'B' },
  { fieldKey: 'qty', typeForm: 'NUMBER', title: 'Qty', orderNum: 4, minValue: 1, maxValue: 999 },
  { fieldKey: 'tags', typeForm: 'SELECT_OPTIONS', title: 'Tags', orderNum: 5, options: ['x', 'y', 'z'], defaultValue: 'x\nz' },
];
const ok = { email: 'a@b.co', companyName: 'Acme', topic: 'A', qty: 3, tags: ['y'], message: 'hi' };
const keys = (data: unknown) => checkFormValues(fields, data).issues.map((i) => `${i.path}:${i.key}`);

describe('form fields', () => {
  it('sorts by orderNum and fills defaults of every kind', () => {
    const sorted = formFields('CONTACT_SETTING', { fields });
    expect(sorted.map((f) => f.fieldKey)).toEqual(['email', 'companyName', 'topic', 'qty', 'tags', 'message']);
    expect(initialValues(sorted)).toEqual({ email: '', companyName: '', topic: 'B', qty: null, tags: ['x', 'z'], message: '' });
  });
  it('gives each group its default fields when none are configured', () => {
    expect(formFields('CONTACT_SETTING', undefined).map((f) => [f.fieldKey, f.required])).toEqual([
      ['email', true],
      ['companyName', true],
    ]);
    expect(defaultFields('MEMBERSHIP_SETTING').map((f) => f.fieldKey)).toEqual(['email', 'password', 'confirmPassword']);
    expect(formFields('HOMEPAGE_SETTING', { fields: [] }).map((f) => f.fieldKey)).toEqual(['email', 'companyName']);
  });
  it('always asks members for e-mail and the password pair', () => {
    const f = formFields('MEMBERSHIP_SETTING', { fields: [{ fieldKey: 'nick', typeForm: 'TEXT_BOX', title: 'Nick', orderNum: 1 }] });
    expect(f.map((x) => x.fieldKey)).toEqual(['email', 'nick', 'password', 'confirmPassword']);
  });
});

describe('checkFormValues', () => {
  it('accepts a good submission and cleans it', () => {
    const r = checkFormValues(fields, { ...ok, companyName: '  Acme  ', qty: '7' });
    expect(r.issues).toEqual([]);
    expect(r.values).toMatchObject({ companyName: 'Acme', qty: 7, tags: ['y'] });
  });
  it('requires required fields', () => {
    expect(keys({ ...ok, email: '' })).toEqual(['email:validation.required']);
    expect(keys({ ...ok, companyName: '   ' })).toEqual(['companyName:validation.required']);
    expect(keys({ ...ok, topic: undefined })).toEqual(['topic:validation.required']);
    expect(keys({})).toEqual(['email:validation.required', 'companyName:validation.required', 'topic:validation.required']);
  });
  it('applies max lengths at the edge (setting, else 50)', () => {
    expect(keys({ ...ok, message: 'x'.repeat(10) })).toEqual([]);
    expect(keys({ ...ok, message: 'x'.repeat(11) })).toEqual(['message:validation.max_length']);
    expect(keys({ ...ok, companyName: 'é'.repeat(50) })).toEqual([]);
    expect(keys({ ...ok, companyName: 'é'.repeat(51) })).toEqual(['companyName:validation.max_length']);
    expect(keys({ ...ok, companyName: '😀'.repeat(50) })).toEqual([]);
  });
  it('checks the e-mail rule', () => {
    for (const bad of ['a..b@c.co', 'a@b', 'a@b.c', '@b.co', 'ab.co', 'a b@c.co', '.a@b.co', 'a.@b.co', 'a@b.c0'])
      expect(keys({ ...ok, email: bad }), bad).toEqual(['email:validation.email']);
    for (const good of ['a@b.co', 'first.last+tag@sub.example.jp', 'A_B-1@x-y.example.com'])
      expect(keys({ ...ok, email: good })).toEqual([]);
  });
  it('checks number ranges at the edges', () => {
    expect(keys({ ...ok, qty: 1 })).toEqual([]);
    expect(keys({ ...ok, qty: 999 })).toEqual([]);
    expect(keys({ ...ok, qty: 0 })).toEqual(['qty:validation.min_value']);
    expect(keys({ ...ok, qty: 1000 })).toEqual(['qty:validation.max_value']);
    expect(keys({ ...ok, qty: 'ten' })).toEqual(['qty:validation.number']);
    expect(keys({ ...ok, qty: null })).toEqual([]);
  });
  it('refuses options that do not exist', () => {
    expect(keys({ ...ok, topic: 'C' })).toEqual(['topic:validation.invalid_option']);
    expect(keys({ ...ok, tags: ['x', 'nope'] })).toEqual(['tags:validation.invalid_option']);
    expect(checkFormValues(fields, { ...ok, tags: ['z', 'x', 'z'] }).values.tags).toEqual(['x', 'z']);
  });
  it('flags wrong types as malformed and unknown keys as a rule', () => {
    for (const bad of [
      { ...ok, email: 5 },
      { ...ok, qty: { n: 1 } },
      { ...ok, tags: 'x' },
      { ...ok, topic: ['A'] },
    ])
      expect(checkFormValues(fields, bad).malformed).toBe(true);
    expect(checkFormValues(fields, 'text').malformed).toBe(true);
    expect(checkFormValues(fields, [1, 2]).malformed).toBe(true);
    const r = checkFormValues(fields, { ...ok, extra: 1 });
    expect(r.malformed).toBe(false);
    expect(r.issues[0]?.key).toBe('validation.unknown_field');
  });
});

describe('member password (viewer.md 5)', () => {
  const pw = (p: unknown, c: unknown = p) => checkMemberPassword(p, c).issues.map((i) => `${i.path}:${i.key}`);
  it('takes 8 to 20 characters', () => {
    expect(pw('Aa1@aaaa')).toEqual([]);
    expect(pw('Aa1@aaa')).toEqual(['password:validation.min_length']);
    expect(pw(`Aa1@${'a'.repeat(16)}`)).toEqual([]);
    expect(pw(`Aa1@${'a'.repeat(17)}`)).toEqual(['password:validation.max_length']);
  });
  it('needs each class', () => {
    expect(pw('aa1@aaaa')).toEqual(['password:validation.password_uppercase']);
    expect(pw('AA1@AAAA')).toEqual(['password:validation.password_lowercase']);
    expect(pw('Aaa@aaaa')).toEqual(['password:validation.password_digit']);
    expect(pw('Aa1aaaaa')).toEqual(['password:validation.password_special']);
  });
  it('allows exactly the listed specials and no spaces', () => {
    for (const c of '@#$%^&*()_+|{}<>:;[]-=,.?') expect(pw(`Aa1${c}aaaa`), c).toEqual([]);
    for (const c of ['!', '~', '"', "'", '/', '\\', '`', 'é'])
      expect(pw(`Aa1@aaa${c}`), c).toEqual(['password:validation.password_invalid_char']);
    expect(pw('Aa1@ aaaa')).toEqual(['password:validation.password_no_spaces']);
    expect(pw('Aa1@\taaaa')).toEqual(['password:validation.password_no_spaces']);
  });
  it('needs a matching confirmation', () => {
    expect(pw('Aa1@aaaa', 'Aa1@aaab')).toEqual(['confirmPassword:validation.passwords_mismatch']);
    expect(pw('Aa1@aaaa', '')).toEqual(['confirmPassword:validation.required']);
    expect(pw('', '')).toEqual(['password:validation.required', 'confirmPassword:validation.required']);
    expect(checkMemberPassword(12345678, 12345678).malformed).toBe(true);
  });
  it('checks e-mail alone', () => {
    expect(checkEmail('a@b.co')).toBeNull();
    expect(checkEmail('')?.key).toBe('validation.required');
    expect(checkEmail(3)?.key).toBe('validation.invalid_type');
    expect(checkEmail('a@b')?.key).toBe('validation.email');
  });
});

describe('survey answers', () => {
  const qs = [
    {
      id: 1,
      type: 'SINGLE' as const,
      required: true,
      options: [
        { value: 'a', points: 3 },
        { value: 'b', points: 1 },
      ],
    },
    {
      id: 2,
      type: 'MULTIPLE' as const,
      required: false,
      options: [
        { value: 'x', points: 1 },
        { value: 'y', points: 2 },
      ],
    },
    { id: 3, type: 'TEXT' as const, required: false, options: [] },
  ];
  it('sums points into a score', () => {
    const r = checkSurveyAnswers(qs, { 1: 'a', 2: ['y', 'x'], 3: ' nice ' });
    expect(r.issues).toEqual([]);
    expect(r.points).toEqual({ 1: 3, 2: 3 });
    expect(r.score).toBe(6);
    expect(r.answers).toEqual({ 1: 'a', 2: ['x', 'y'], 3: 'nice' });
  });
  it('needs every required answer and known options', () => {
    expect(checkSurveyAnswers(qs, { 2: ['x'] }).issues[0]?.key).toBe('validation.survey_required_answers');
    expect(checkSurveyAnswers(qs, { 1: 'c' }).issues[0]?.key).toBe('validation.invalid_option');
    expect(checkSurveyAnswers(qs, { 1: 'a', 9: 'x' }).issues[0]?.key).toBe('validation.unknown_field');
    expect(checkSurveyAnswers(qs, { 1: ['a'] }).malformed).toBe(true);
    expect(checkSurveyAnswers(qs, { 1: 'a', 3: 'x'.repeat(1001) }).issues[0]?.key).toBe('validation.max_length');
  });
});

describe('the zod-free rules agree with validation.ts', () => {
  const chars = 'aZ9@#.-_+ !é\t'.split('');
  const pick = fc.constantFrom(...chars, 'a', 'b', 'A', 'B', '0', '1', '$', '?', '[', ']', ',', ';');
  it('e-mail', () => {
    const local = fc.stringMatching(/^[A-Za-z0-9.+_-]{0,6}$/);
    const domain = fc.stringMatching(/^[A-Za-z0-9.-]{0,8}$/);
    const tld = fc.stringMatching(/^[A-Za-z0-9]{0,3}$/);
    const address = fc.tuple(local, fc.constantFrom('@', '', '@@'), domain, fc.constantFrom('.', '', '..'), tld).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(address, fc.string({ maxLength: 20 })), (s) => {
        expect(isEmail(s), s).toBe(emailSchema.safeParse(s).success);
      }),
      { numRuns: 3000 },
    );
  });
  it('end-user password: same verdict and same first rule', () => {
    fc.assert(
      fc.property(fc.array(pick, { minLength: 1, maxLength: 24 }), (a) => {
        const p = a.join('');
        const r = endUserPassword.safeParse(p);
        const mine = memberPasswordIssue(p);
        expect(mine === null, p).toBe(r.success);
        if (!r.success) expect(mine?.key, p).toBe(toFieldIssues(r.error)[0]?.key);
      }),
      { numRuns: 3000 },
    );
  });
});
