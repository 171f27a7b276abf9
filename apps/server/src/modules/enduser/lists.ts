import { formatJapanTime, idParams, type Language, pageQuery, type VisitorField, visitorEntryList, visitorExportQuery } from '@swipe/core';
import { type Lang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import { csvDocument } from '../../lib/csv.js';
import type { Actor } from '../accounts/actor.js';
import type { App } from '../module.js';
import { formFieldsOf, scopedSite } from '../sites/service.js';
import { type EntryKind, type EntryRow, entryRows } from './repo.js';

// Back-office lists of a site's members, contacts and homepage-form submissions (back-office.md 7),
// scoped to the operator's subtree, paginated and searchable, each with a CSV export.

type Kind = EntryKind;
const FORM_TYPE = { contact: 'CONTACT_SETTING', form: 'HOMEPAGE_SETTING' } as const;
const CSV_MAX_ROWS = 50_000;

const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);
function present(r: EntryRow) {
  return {
    id: r.id,
    email: r.email,
    lang: r.lang,
    data: r.data,
    status: r.status,
    confirmedAt: r.confirmed_at === undefined ? undefined : iso(r.confirmed_at),
    createdAt: iso(r.created_at),
  };
}

const HIDDEN = new Set(['email', 'password', 'confirmPassword']);

/**
 * The columns of a list: the form's fields in the form's order, labelled as the form says in the interface
 * language (the site's default language when the form has no text in it), then any key the rows carry that the
 * form no longer has (labelled by its key). E-mail has its own column; passwords never show.
 */
async function fieldsOf(ctx: AppContext, siteId: number, kind: Kind, lang: Lang, siteDefault: Language, rows: EntryRow[]) {
  const type = kind === 'member' ? 'MEMBERSHIP_SETTING' : FORM_TYPE[kind];
  let form = await formFieldsOf(ctx.db, siteId, type, lang);
  if (form.length === 0 && lang !== siteDefault) form = await formFieldsOf(ctx.db, siteId, type, siteDefault);
  const out: VisitorField[] = form.filter((f) => !HIDDEN.has(f.fieldKey)).map((f) => ({ key: f.fieldKey, label: f.title || f.fieldKey }));
  for (const r of rows)
    for (const k of Object.keys(r.data ?? {})) if (!HIDDEN.has(k) && !out.some((x) => x.key === k)) out.push({ key: k, label: k });
  return out;
}

export async function listEntries(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  kind: Kind,
  p: { page: number; pageSize: number; search?: string },
  lang: Lang,
) {
  const site = await scopedSite(ctx.db, actor, siteId);
  const r = await entryRows(ctx.db, kind, siteId, p.search, p.pageSize, (p.page - 1) * p.pageSize);
  const fields = await fieldsOf(ctx, siteId, kind, lang, site.default_language, r.items);
  return { items: r.items.map(present), total: r.total, page: p.page, pageSize: p.pageSize, fields };
}

/** CSV through the one writer (lib/csv.ts: byte-order mark, formula starters neutralised). Columns and times as on screen. */
export async function exportEntries(ctx: AppContext, actor: Actor, siteId: number, kind: Kind, search: string | undefined, lang: Lang) {
  const site = await scopedSite(ctx.db, actor, siteId);
  const { items } = await entryRows(ctx.db, kind, siteId, search, CSV_MAX_ROWS, 0);
  const keys = (await fieldsOf(ctx, siteId, kind, lang, site.default_language, items)).map((f) => ({ key: f.key, title: f.label }));
  const t = (k: string) => translate(lang, `enduser.${k}`);
  const head = ['csv_id', 'csv_created_at', 'csv_lang', 'csv_email', ...(kind === 'member' ? ['csv_status', 'csv_confirmed_at'] : [])].map(
    t,
  );
  const flat = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v);
  return csvDocument([
    [...head, ...keys.map((k) => k.title)],
    ...items.map((r) => [
      r.id,
      formatJapanTime(r.created_at),
      r.lang,
      r.email,
      ...(kind === 'member' ? [r.status, formatJapanTime(r.confirmed_at)] : []),
      ...keys.map((k) => flat(r.data?.[k.key])),
    ]),
  ]);
}

const PATHS: Record<Kind, string> = { member: 'site-member', contact: 'site-contact', form: 'site-form' };

export async function enduserAdminRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  const tags = ['sites'];
  const security = [{ bearer: [] }];
  for (const kind of Object.keys(PATHS) as Kind[]) {
    app.get(
      `/api/v1/sites/:id/${PATHS[kind]}`,
      { schema: { tags, security, params: idParams, querystring: pageQuery, response: { 200: visitorEntryList } } },
      async (req) => listEntries(ctx, actorOf(req), req.params.id, kind, req.query, requestLang(req)),
    );
    app.get(
      `/api/v1/sites/:id/${PATHS[kind]}/export-csv`,
      { schema: { tags, security, params: idParams, querystring: visitorExportQuery } },
      async (req, reply) => {
        const id = req.params.id;
        const csv = await exportEntries(ctx, actorOf(req), id, kind, req.query.search, requestLang(req));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="site-${id}-${PATHS[kind]}-${new Date().toISOString().slice(0, 10)}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  }
}
