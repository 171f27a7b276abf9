import { IMPORT_COLUMNS } from '@swipe/core';
import { translate } from '@swipe/i18n';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { checkRecords, decodeCsv, isFormula, isIsoDate, parseCsv, templateCsv } from './parse.js';

// The pure half of the CSV import: decoding, parsing and the row checks that need no database.

const HEADER = IMPORT_COLUMNS.join(',');
const opts = { allowedTypes: ['OEM_MASTER', 'MASTER_USER', 'SUB_ADMIN'] as const, plans: [{ id: 7, name: 'Standard' }] };
const check = (csv: string) => checkRecords(parseCsv(decodeCsv(Buffer.from(csv))), opts);
const good = 'MASTER_USER,a@example.com,Alpha Inc.,Ann,Standard,2026-04-01,2027-03-31,EDIT,yes';

describe('decodeCsv', () => {
  it('reads UTF-8 with and without a BOM alike', () => {
    const text = `${HEADER}\r\n株式会社テスト`;
    expect(decodeCsv(Buffer.from(text))).toBe(text);
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
  });
  it('reads Shift_JIS (what Japanese Excel saves) when the bytes are not UTF-8', () => {
    const text = `${HEADER}\r\nMASTER_USER,a@example.com,株式会社テスト,山田 太郎,,,,,`;
    const sjis = iconv.encode(text, 'Shift_JIS');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(sjis)).toThrow();
    expect(decodeCsv(sjis)).toBe(text);
  });
  it('refuses binary content with a translated message', () => {
    expect(() => decodeCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]))).toThrow(AppError);
  });
});

describe('parseCsv', () => {
  it('keeps quoted commas and line breaks inside one cell', () => {
    expect(parseCsv('a,b\r\n"x, y","line1\nline2"\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'line1\nline2'],
    ]);
  });
  it('an unclosed quote is a translated 422, not a crash', () => {
    try {
      parseCsv('a,b\n"open,1\n');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).key).toBe('validation.import_csv');
    }
  });
});

describe('checkRecords', () => {
  it('a good row becomes a checked row', () => {
    const r = check(`${HEADER}\n${good}\n`);
    expect(r.issues).toEqual([]);
    expect(r.total).toBe(1);
    expect(r.rows[0]).toMatchObject({
      row: 2,
      type: 'MASTER_USER',
      email: 'a@example.com',
      planId: 7,
      licenseIssue: true,
      authority: 'EDIT',
    });
  });
  it('lists every bad cell with its row (the header is row 1) and column', () => {
    const csv = [
      HEADER,
      good,
      'USER,not-an-email,,x,Gold,2026-02-30,,ADMIN,maybe',
      'master_user,a@example.com,Beta,,,2026-05-01,2026-04-01,view,no',
    ].join('\n');
    const { issues, rows, total } = check(csv);
    expect(total).toBe(3);
    expect(rows).toHaveLength(1);
    const by = issues.map((i) => `${i.row}:${i.column}:${i.key}`);
    expect(by).toEqual([
      '3:type:validation.import_type',
      '3:email:validation.email',
      '3:company_name:validation.required',
      '3:plan:validation.import_plan_unknown',
      '3:contract_start:validation.import_date',
      '3:authority:validation.import_authority',
      '3:license_issue:validation.import_yes_no',
      '4:email:validation.import_email_duplicate',
      '4:contract_end:validation.date_end_after_start',
    ]);
    expect(issues.find((i) => i.row === 4 && i.column === 'email')?.params).toEqual({ row: 2 });
  });
  it('refuses formula cells (= + - @ tab) with their own message', () => {
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(isFormula(f)).toBe(true);
    expect(isFormula('Alpha')).toBe(false);
    const { issues } = check(`${HEADER}\nMASTER_USER,b@example.com,"=HYPERLINK(""http://x"")",@me,,,,,\n`);
    expect(issues.map((i) => `${i.column}:${i.key}`)).toEqual([
      'company_name:validation.import_formula',
      'contact_name:validation.import_formula',
    ]);
  });
  it('a missing or unknown column is a header issue; empty lines are skipped but keep the numbering', () => {
    expect(check('type,email,what\nx,y,z\n').issues.map((i) => `${i.row}:${i.key}`)).toContain('1:validation.import_unknown_column');
    const r = check(`${HEADER}\n\n${good}\n`);
    expect(r.rows[0]?.row).toBe(3);
  });
  it('a file without data rows is refused', () => {
    expect(() => check(`${HEADER}\n`)).toThrow(AppError);
  });
  it('plan by id or by name, empty for none; staff get no plan', () => {
    expect(check(`${HEADER}\nOEM_MASTER,c@example.com,C,,7,,,,\n`).rows[0]?.planId).toBe(7);
    expect(check(`${HEADER}\nOEM_MASTER,c@example.com,C,,,,,,\n`).rows[0]?.planId).toBeNull();
    expect(check(`${HEADER}\nSUB_ADMIN,c@example.com,C,,Standard,,,,\n`).issues[0]?.key).toBe('validation.plan_not_assignable');
  });
  it('a plan name no plan of the caller has says so, with the names it can use; a name two plans share asks for the number', () => {
    const unknown = check(`${HEADER}\nOEM_MASTER,c@example.com,C,,Gold,,,,\n`).issues[0];
    expect(unknown).toMatchObject({ column: 'plan', key: 'validation.import_plan_unknown', params: { name: 'Gold', plans: 'Standard' } });
    expect(translate('en', unknown?.key ?? '', unknown?.params)).toBe('No plan is named "Gold". Plans you can assign: Standard.');
    const twice = checkRecords(parseCsv(`${HEADER}\nOEM_MASTER,c@example.com,C,,Standard,,,,\n`), {
      ...opts,
      plans: [
        { id: 7, name: 'Standard' },
        { id: 9, name: 'standard' },
      ],
    }).issues[0];
    expect(twice).toMatchObject({ key: 'validation.import_plan_ambiguous', params: { name: 'Standard' } });
  });
  it('dates are real calendar days', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026/02/01')).toBe(false);
  });
});

describe('templateCsv', () => {
  it('starts with a BOM, names every column and checks clean', () => {
    const t = templateCsv({ type: 'MASTER_USER', plan: 'Standard' });
    expect(t.startsWith('\uFEFF')).toBe(true);
    expect(check(t.slice(1)).issues).toEqual([]);
  });
});
