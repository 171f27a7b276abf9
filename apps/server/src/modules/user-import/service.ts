import { createHash } from 'node:crypto';
import {
  CHILD_TYPES,
  IMPORT_PREVIEW_ROWS,
  type ImportIssue,
  type ImportPreviewRow,
  type ImportResult,
  japanDay,
  LIMITS,
} from '@swipe/core';
import { type Lang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, notFound } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { type Actor, assertCanEdit, assertMenu } from '../accounts/actor.js';
import { accountsChanged, findOemMasterAbove, importParent, insertImportedAccounts, takenEmails } from '../accounts/service.js';
import { recordHistory, statusByDates } from '../contracts/service.js';
import { assignablePlanNames } from '../plans/service.js';
import { type CheckedRow, checkRecords, decodeCsv, parseCsv, type RowIssue, templateCsv } from './parse.js';
import {
  failImport,
  findImport,
  findImportByFile,
  finishImport,
  type ImportRow,
  insertImport,
  lockImport,
  setImportStatus,
} from './repo.js';

// CSV import of users (back-office.md 5, 7). A dry run checks the whole file and lists every
// bad row, writing nothing. A commit checks it again, stores the checked rows keyed by the caller and
// the file's sha256 (the same file twice is one import) and queues a job that creates every account in
// one transaction (all or nothing), each with a set-up link queued for the auth module. Progress goes
// to the kv while the transaction runs (invisible to others until it commits) and to the row at the end.

export const IMPORT_JOB = 'accounts.user_import';
/** rows written per statement inside the commit's transaction (and per progress report) */
export const IMPORT_CHUNK = 500;
const progressKey = (id: number) => `user-import:progress:${id}`;

export const sha256Of = (buf: Uint8Array) => createHash('sha256').update(buf).digest('hex');

function guard(actor: Actor): void {
  assertMenu(actor, 'user_list');
  assertCanEdit(actor);
}

/** The plans the caller may assign (decisions.md "Plan assignment"). */
async function plansFor(q: Queryable, actor: Actor) {
  return assignablePlanNames(q, await findOemMasterAbove(q, actor.ownerId));
}

function translateIssues(lang: Lang, issues: RowIssue[] | ImportRow['errors']): ImportIssue[] {
  return issues.map((i) => ({ row: i.row, column: i.column, message: translate(lang, i.key, i.params) }));
}

/** Every check: the file's own (parse.ts) and e-mails already registered. */
async function check(
  ctx: AppContext,
  actor: Actor,
  buf: Uint8Array,
): Promise<{ rows: CheckedRow[]; issues: RowIssue[]; total: number; plans: { id: number; name: string }[] }> {
  if (buf.byteLength > LIMITS.csvBytes)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'validation.upload_size', { max: LIMITS.csvBytes / 1024 / 1024 });
  if (buf.byteLength === 0) throw new AppError(422, 'IMPORT_FILE_INVALID', 'validation.upload_empty');
  const records = parseCsv(decodeCsv(buf));
  const plans = await plansFor(ctx.db, actor);
  const result = checkRecords(records, { allowedTypes: CHILD_TYPES[actor.effectiveType], plans });
  const taken = await takenEmails(
    ctx.db,
    result.rows.map((r) => r.email.toLowerCase()),
  );
  const ok: CheckedRow[] = [];
  for (const r of result.rows) {
    if (taken.has(r.email.toLowerCase())) result.issues.push({ row: r.row, column: 'email', key: 'validation.email_taken' });
    else ok.push(r);
  }
  result.issues.sort((a, b) => a.row - b.row);
  return { rows: ok, issues: result.issues, total: result.total, plans };
}

/** The first rows as they will be imported, for the person to check the decoded text before committing. */
function previewOf(rows: CheckedRow[], plans: { id: number; name: string }[]): ImportPreviewRow[] {
  const names = new Map(plans.map((p) => [p.id, p.name]));
  return rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => ({
    row: r.row,
    type: r.type,
    email: r.email,
    companyName: r.companyName,
    contactName: r.contactName,
    plan: r.planId === null ? '' : (names.get(r.planId) ?? ''),
    contractStart: r.contractStart,
    contractEnd: r.contractEnd,
    authority: r.authority,
    licenseIssue: r.licenseIssue,
  }));
}

function present(lang: Lang, row: ImportRow, replayed: boolean, done?: number): ImportResult {
  return {
    id: Number(row.id),
    status: row.status,
    total: row.total,
    done: done ?? row.done,
    created: row.created,
    errors: translateIssues(lang, row.errors ?? []),
    sha256: row.sha256,
    replayed,
    preview: [],
  };
}

/** POST /user/import/dry-run: every bad row, nothing written. */
export async function dryRunImport(ctx: AppContext, actor: Actor, buf: Uint8Array, lang: Lang): Promise<ImportResult> {
  guard(actor);
  const { rows, issues, total, plans } = await check(ctx, actor, buf);
  const errors = translateIssues(lang, issues);
  return {
    id: null,
    status: errors.length > 0 ? 'INVALID' : 'VALID',
    total,
    done: 0,
    created: 0,
    errors,
    sha256: sha256Of(buf),
    replayed: false,
    preview: errors.length > 0 ? [] : previewOf(rows, plans),
  };
}

/**
 * POST /user/import: the same file committed again answers with its first import (replayed); a file
 * with any bad row is 422 with every bad row and nothing is stored; else the import is queued.
 */
export async function commitImport(
  ctx: AppContext,
  actor: Actor,
  buf: Uint8Array,
  lang: Lang,
): Promise<{ result: ImportResult; fresh: boolean }> {
  guard(actor);
  const sha = sha256Of(buf);
  const earlier = await findImportByFile(ctx.db, actor.id, sha);
  if (earlier) return { result: await withProgress(ctx, lang, earlier, true), fresh: false };
  const { rows, issues } = await check(ctx, actor, buf);
  if (issues.length > 0)
    throw new AppError(422, 'IMPORT_INVALID', 'server.import_invalid', { count: new Set(issues.map((i) => i.row)).size });
  const id = await ctx.db.tx(async (q) => {
    const newId = await insertImport(q, { accountId: actor.id, sha256: sha, lang, rows });
    if (newId !== undefined) await enqueueJob(q, IMPORT_JOB, { importId: newId }, { maxAttempts: 5 });
    return newId;
  });
  const row = id === undefined ? await findImportByFile(ctx.db, actor.id, sha) : await findImport(ctx.db, id);
  if (!row) throw notFound();
  return { result: present(lang, row, id === undefined), fresh: id !== undefined };
}

async function withProgress(ctx: AppContext, lang: Lang, row: ImportRow, replayed: boolean): Promise<ImportResult> {
  if (row.status !== 'RUNNING' && row.status !== 'QUEUED') return present(lang, row, replayed);
  const live = Number((await ctx.kv.get(progressKey(Number(row.id)))) ?? row.done);
  return present(lang, row, replayed, Number.isFinite(live) ? Math.min(live, row.total) : row.done);
}

/** GET /user/import/{id}: status and progress of one of the caller's own imports (others': 404). */
export async function getImport(ctx: AppContext, actor: Actor, id: number, lang: Lang): Promise<ImportResult> {
  const row = await findImport(ctx.db, id);
  if (!row || Number(row.account_id) !== actor.id) throw notFound();
  assertMenu(actor, 'user_list');
  return withProgress(ctx, lang, row, false);
}

/** GET /user/import/template: the header and one example row, with a plan the caller may assign. */
export async function importTemplate(ctx: AppContext, actor: Actor): Promise<string> {
  assertMenu(actor, 'user_list');
  const plans = await plansFor(ctx.db, actor);
  const type = CHILD_TYPES[actor.effectiveType].filter((t) => t !== 'SUB_ADMIN').at(-1) ?? 'SUB_ADMIN';
  return templateCsv({ type, plan: plans[0]?.name ?? '' });
}

export interface RunOptions {
  /** called after each chunk inside the transaction (tests stop a run midway by throwing here) */
  afterChunk?: (done: number) => Promise<void> | void;
}

/**
 * The job: every account of the import in one transaction, at most once. The import row is locked
 * first, so a second run (retry after a crash, or a duplicate) waits and then finds it DONE; a run
 * killed midway rolls back whole and its retry starts again from nothing. An e-mail registered since
 * the check fails the import (nothing written, the rows listed), it is not retried.
 */
export async function runImport(ctx: AppContext, importId: number, opts: RunOptions = {}): Promise<{ created: number }> {
  const head = await findImport(ctx.db, importId);
  if (!head || head.status === 'DONE' || head.status === 'FAILED') return { created: head?.created ?? 0 };
  await setImportStatus(ctx.db, importId, 'RUNNING');
  const outcome = await ctx.db.tx(async (q) => {
    const imp = await lockImport(q, importId);
    if (!imp || imp.status === 'DONE' || imp.status === 'FAILED') return { created: imp?.created ?? 0, ids: [] as number[] };
    const taken = await takenEmails(
      q,
      imp.rows.map((r) => r.email.toLowerCase()),
    );
    if (taken.size > 0) {
      const errors = imp.rows
        .filter((r) => taken.has(r.email.toLowerCase()))
        .map((r) => ({ row: r.row, column: 'email', key: 'validation.email_taken' }));
      await failImport(q, importId, errors);
      return { created: 0, ids: [] as number[] };
    }
    // the importing caller's owner gets the accounts (a sub-admin imports for its parent)
    const executorId = Number(imp.account_id);
    const { id: parentId, path: parentPath } = await importParent(q, executorId);
    const ids: number[] = [];
    const now = ctx.clock.now();
    const today = japanDay(now);
    for (let i = 0; i < imp.rows.length; i += IMPORT_CHUNK) {
      // each takes the status its contract dates give today, at once (INACTIVE before its start)
      const chunk = imp.rows
        .slice(i, i + IMPORT_CHUNK)
        .map((r) => ({ ...r, contractStatus: statusByDates({ contract_start: r.contractStart, contract_end: r.contractEnd }, today) }));
      const made = await insertImportedAccounts(q, { parentId, parentPath, rows: chunk, createdAt: now });
      // each with its "created" contract history row, carrying the plan it starts on
      const byEmail = new Map(chunk.map((r) => [r.email.toLowerCase(), r]));
      await recordHistory(
        q,
        now,
        made.map((a) => ({
          accountId: a.id,
          executorId,
          content: 'created',
          to: byEmail.get(a.email.toLowerCase())?.contractStatus ?? 'ACTIVE',
          planId: byEmail.get(a.email.toLowerCase())?.planId ?? null,
        })),
      );
      for (const a of made) await enqueueJob(q, 'auth.account_setup', { accountId: a.id, lang: imp.lang });
      ids.push(...made.map((a) => a.id));
      await ctx.kv.set(progressKey(importId), String(ids.length), 3600);
      await opts.afterChunk?.(ids.length);
    }
    await finishImport(q, importId, ids.length);
    return { created: ids.length, ids };
  });
  await ctx.kv.del(progressKey(importId));
  if (outcome.ids.length > 0) await accountsChanged(ctx, outcome.ids);
  return { created: outcome.created };
}
