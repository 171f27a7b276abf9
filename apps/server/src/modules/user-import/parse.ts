import {
  type AccountType,
  type Authority,
  email as emailRule,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  LIMITS,
} from '@swipe/core';
import { CsvError, parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { AppError } from '../../errors.js';
import { csvDocument } from '../../lib/csv.js';

// CSV import of users, the pure part: bytes -> text (UTF-8 with or without BOM, or the
// Shift_JIS Japanese Excel saves), text -> records (csv-parse), records -> checked rows and every bad
// cell (row, column, i18n key). No I/O: import.ts adds what needs the database (taken e-mails).

/** A bad cell, before translation: `row` as a spreadsheet numbers it (the header is row 1). */
export interface RowIssue {
  row: number;
  column: ImportColumn | '';
  key: string;
  params?: Record<string, string | number>;
}

/** A row that passed every check that needs no database. */
export interface CheckedRow {
  row: number;
  type: AccountType;
  email: string;
  companyName: string;
  contactName: string;
  planId: number | null;
  contractStart: string | null;
  contractEnd: string | null;
  authority: Authority;
  licenseIssue: boolean;
}

export interface PlanChoice {
  id: number;
  name: string;
}

const fileError = (key: string, params?: Record<string, string | number>) =>
  new AppError(422, 'IMPORT_FILE_INVALID', key, params, [{ path: '', key, params: params ?? {} }]);

/**
 * UTF-8 (a BOM is dropped) when the bytes are valid UTF-8; otherwise Shift_JIS (CP932, what Japanese
 * Excel writes). Bytes that are neither, or binary content, are refused with a translated message.
 */
export function decodeCsv(buf: Uint8Array): string {
  const bytes = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  if (bytes.includes(0)) throw fileError('validation.import_encoding');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'cp932');
    if (text.includes('\uFFFD')) throw fileError('validation.import_encoding');
    return text;
  }
}

/** The records of a CSV text (csv-parse; quoted cells may hold commas and line breaks). */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, { relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? 0;
      throw fileError('validation.import_csv', { line });
    }
    throw err;
  }
}

/** A cell a spreadsheet would run as a formula (OWASP CSV injection): refused, never stored. */
export function isFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day as YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

export interface CheckOptions {
  /** the types the caller may create (CHILD_TYPES of its effective type) */
  allowedTypes: readonly AccountType[];
  /** the plans the caller may assign (by id or by name) */
  plans: readonly PlanChoice[];
}

/** Header row -> the index of each column; a missing or unknown column is a file-level issue. */
function readHeader(header: string[], issues: RowIssue[]): Map<ImportColumn, number> {
  const index = new Map<ImportColumn, number>();
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (name === '') return;
    if ((IMPORT_COLUMNS as readonly string[]).includes(name)) index.set(name as ImportColumn, i);
    else issues.push({ row: 1, column: '', key: 'validation.import_unknown_column', params: { column: raw.trim() } });
  });
  for (const c of IMPORT_COLUMNS)
    if (!index.has(c)) issues.push({ row: 1, column: '', key: 'validation.import_missing_column', params: { column: c } });
  return index;
}

/** How many plan names an unknown name's message lists (the caller may have many plans). */
const PLANS_LISTED = 8;

/** A plan cell: no plan (empty), the plan it names, or why it names none the caller may assign. */
function findPlan(
  cell: string,
  plans: readonly PlanChoice[],
): { id: number | null } | { key: string; params: Record<string, string | number> } {
  if (cell === '') return { id: null };
  const byId = /^\d+$/.test(cell) ? plans.find((p) => p.id === Number(cell)) : undefined;
  if (byId) return { id: byId.id };
  const named = plans.filter((p) => p.name.trim().toLowerCase() === cell.toLowerCase());
  if (named.length === 1) return { id: (named[0] as PlanChoice).id };
  if (named.length > 1) return { key: 'validation.import_plan_ambiguous', params: { name: cell } };
  // none of the caller's plans has that name (or number): say so, with the names it can use
  const names = plans.slice(0, PLANS_LISTED).map((p) => p.name);
  return { key: 'validation.import_plan_unknown', params: { name: cell, plans: names.length ? names.join(', ') : '—' } };
}

/**
 * Checks every data row and lists every bad cell (a row may have several). Formula cells are refused
 * first and are not checked further. E-mails repeated inside the file: the later rows are bad.
 */
export function checkRecords(records: string[][], opts: CheckOptions): { rows: CheckedRow[]; issues: RowIssue[]; total: number } {
  const issues: RowIssue[] = [];
  const [header, ...data] = records;
  if (!header) throw fileError('validation.import_empty');
  const col = readHeader(header, issues);
  if (issues.length > 0) return { rows: [], issues, total: records.length - 1 };
  if (data.length > IMPORT_MAX_ROWS && data.filter((r) => r.some((c) => c.trim() !== '')).length > IMPORT_MAX_ROWS)
    throw fileError('validation.import_too_many_rows', { max: IMPORT_MAX_ROWS });
  const rows: CheckedRow[] = [];
  const firstRowOf = new Map<string, number>();
  let count = 0;
  data.forEach((record, i) => {
    const row = i + 2;
    if (record.every((c) => c.trim() === '')) return;
    count++;
    const bad: RowIssue[] = [];
    const cell = (c: ImportColumn): string | undefined => {
      const raw = record[col.get(c) ?? -1] ?? '';
      if (isFormula(raw)) {
        bad.push({ row, column: c, key: 'validation.import_formula' });
        return undefined;
      }
      return raw.trim();
    };
    const fail = (column: ImportColumn, key: string, params?: Record<string, string | number>) => bad.push({ row, column, key, params });

    const typeCell = cell('type');
    const type = typeCell?.toUpperCase() as AccountType | undefined;
    if (typeCell !== undefined && !(type && opts.allowedTypes.includes(type)))
      fail('type', typeCell === '' ? 'validation.required' : 'validation.import_type');

    const emailCell = cell('email');
    let email = '';
    if (emailCell !== undefined) {
      const parsed = emailRule.safeParse(emailCell);
      if (!parsed.success) fail('email', parsed.error.issues[0]?.message ?? 'validation.email');
      else {
        email = parsed.data;
        const first = firstRowOf.get(email.toLowerCase());
        if (first !== undefined) fail('email', 'validation.import_email_duplicate', { row: first });
        else firstRowOf.set(email.toLowerCase(), row);
      }
    }

    const companyName = cell('company_name');
    if (companyName === '') fail('company_name', 'validation.required');
    else if (companyName && companyName.length > LIMITS.text) fail('company_name', 'validation.max_length', { max: LIMITS.text });
    const contactName = cell('contact_name');
    if (contactName && contactName.length > LIMITS.text) fail('contact_name', 'validation.max_length', { max: LIMITS.text });

    const planCell = cell('plan');
    let planId: number | null = null;
    if (planCell !== undefined) {
      // staff follow their owner's plan: a plan on a staff row cannot be assigned
      const found = type === 'SUB_ADMIN' && planCell !== '' ? undefined : findPlan(planCell, opts.plans);
      if (found === undefined) fail('plan', 'validation.plan_not_assignable');
      else if ('key' in found) fail('plan', found.key, found.params);
      else planId = found.id;
    }

    const start = cell('contract_start');
    const end = cell('contract_end');
    if (start && !isIsoDate(start)) fail('contract_start', 'validation.import_date');
    if (end && !isIsoDate(end)) fail('contract_end', 'validation.import_date');
    if (start && end && isIsoDate(start) && isIsoDate(end) && end <= start) fail('contract_end', 'validation.date_end_after_start');

    const authorityCell = cell('authority')?.toUpperCase();
    if (authorityCell !== undefined && !['', 'EDIT', 'VIEW'].includes(authorityCell)) fail('authority', 'validation.import_authority');
    const licenseCell = cell('license_issue')?.toLowerCase();
    if (licenseCell !== undefined && !YES.has(licenseCell) && !NO.has(licenseCell)) fail('license_issue', 'validation.import_yes_no');

    if (bad.length > 0) {
      issues.push(...bad);
      return;
    }
    rows.push({
      row,
      type: type as AccountType,
      email,
      companyName: companyName ?? '',
      contactName: contactName ?? '',
      planId,
      contractStart: start || null,
      contractEnd: end || null,
      authority: authorityCell === 'VIEW' ? 'VIEW' : 'EDIT',
      licenseIssue: YES.has(licenseCell ?? ''),
    });
  });
  if (count === 0) throw fileError('validation.import_empty');
  return { rows, issues, total: count };
}

/** The downloadable template, through the one CSV writer (lib/csv.ts): the header and one example row. */
export function templateCsv(example: { type: AccountType; plan: string }): string {
  const sample = [example.type, 'taro@example.com', 'Example Inc.', 'Taro Yamada', example.plan, '2026-04-01', '2027-03-31', 'EDIT', 'yes'];
  return csvDocument([[...IMPORT_COLUMNS], sample]);
}
