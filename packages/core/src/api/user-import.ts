import { z } from 'zod';
import { id } from './common.js';

/**
 * CSV import of users (back-office.md 5, 7, 9): the columns of the file, in the template's
 * order. The header row names them (any order, case and surrounding spaces do not matter).
 */
export const IMPORT_COLUMNS = [
  'type',
  'email',
  'company_name',
  'contact_name',
  'plan',
  'contract_start',
  'contract_end',
  'authority',
  'license_issue',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** At most this many data rows in one file (a 5 MB file of short rows could hold far more). */
export const IMPORT_MAX_ROWS = 10_000;

/**
 * A dry run is VALID or INVALID and writes nothing; a commit is QUEUED, RUNNING, then DONE (or FAILED
 * when the database changed since the check, e.g. an e-mail registered meanwhile: nothing is written).
 */
export const IMPORT_STATUSES = ['VALID', 'INVALID', 'QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One bad cell: the row as a spreadsheet numbers it (the header is row 1), its column, the reason. */
export const importIssue = z.object({
  row: z.number().int(),
  /** a column of IMPORT_COLUMNS, or '' for the file as a whole */
  column: z.string(),
  message: z.string(),
});
export type ImportIssue = z.output<typeof importIssue>;

/** A dry run shows this many of the file's first rows as they will be imported (the decoded text, to check). */
export const IMPORT_PREVIEW_ROWS = 5;

/** One row as it will be imported: the cells as read (a Shift_JIS file decoded), the plan by its name. */
export const importPreviewRow = z.object({
  row: z.number().int(),
  type: z.string(),
  email: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  plan: z.string(),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  authority: z.string(),
  licenseIssue: z.boolean(),
});
export type ImportPreviewRow = z.output<typeof importPreviewRow>;

/** What a dry run, a commit and the progress call answer. */
export const importResult = z.object({
  /** null for a dry run (nothing is stored) */
  id: z.number().int().nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** data rows in the file */
  total: z.number().int(),
  /** rows written so far (progress of a commit) */
  done: z.number().int(),
  /** accounts created by this import */
  created: z.number().int(),
  /** every bad row, in the caller's language */
  errors: z.array(importIssue),
  /** sha256 of the file's bytes: the same file committed twice is one import */
  sha256: z.string(),
  /** true when a commit answered with an earlier import of the same file */
  replayed: z.boolean(),
  /** a valid dry run: its first IMPORT_PREVIEW_ROWS rows as they will be imported (empty otherwise) */
  preview: z.array(importPreviewRow),
});
export type ImportResult = z.output<typeof importResult>;

export const importParams = z.object({ id });
