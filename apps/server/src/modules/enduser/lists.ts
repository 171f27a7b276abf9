import { idParams, pageQuery, visitorEntryList, visitorExportQuery } from '@swipe/core';
import { type Lang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { Actor } from '../accounts/actor.js';
import type { App } from '../module.js';
import { csvCell, formFieldsOf, scopedSite } from '../sites/service.js';
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

export async function listEntries(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  kind: Kind,
  p: { page: number; pageSize: number; search?: string },
) {
  await scopedSite(ctx.db, actor, siteId);
  const r = await entryRows(ctx.db, kind, siteId, p.search, p.pageSize, (p.page - 1) * p.pageSize);
  return { items: r.items.map(present), total: r.total, page: p.page, pageSize: p.pageSize };
}

/** CSV with a byte-order mark; cells starting with = + - @ or a tab are neutralised. Data columns follow the form's fields. */
export async function exportEntries(ctx: AppContext, actor: Actor, siteId: number, kind: Kind, search: string | undefined, lang: Lang) {
  const site = await scopedSite(ctx.db, actor, siteId);
  const { items } = await entryRows(ctx.db, kind, siteId, search, CSV_MAX_ROWS, 0);
  const type = kind === 'member' ? 'MEMBERSHIP_SETTING' : FORM_TYPE[kind];
  const fields = await formFieldsOf(ctx.db, siteId, type, site.default_language);
  const skip = new Set(['email', 'password', 'confirmPassword']);
  const keys = fields.filter((f) => !skip.has(f.fieldKey)).map((f) => ({ key: f.fieldKey, title: f.title }));
  for (const r of items)
    for (const k of Object.keys(r.data ?? {})) if (!skip.has(k) && !keys.some((x) => x.key === k)) keys.push({ key: k, title: k });
  const t = (k: string) => translate(lang, `enduser.${k}`);
  const head = ['csv_id', 'csv_created_at', 'csv_lang', 'csv_email', ...(kind === 'member' ? ['csv_status', 'csv_confirmed_at'] : [])].map(
    t,
  );
  const cell = (v: unknown) => csvCell(Array.isArray(v) ? v.join(', ') : v);
  const lines = [
    [...head, ...keys.map((k) => k.title)].map(csvCell).join(','),
    ...items.map((r) =>
      [
        r.id,
        iso(r.created_at),
        r.lang,
        r.email,
        ...(kind === 'member' ? [r.status, iso(r.confirmed_at)] : []),
        ...keys.map((k) => r.data?.[k.key]),
      ]
        .map(cell)
        .join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
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
      async (req) => listEntries(ctx, actorOf(req), req.params.id, kind, req.query),
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
