import type { NoticeFilter, NoticeIntent, NoticeSort, NoticeStatus, PublishType, ReceiverRole } from '@swipe/core';
import type { Queryable } from '../../db/db.js';

// news, system_notifications, system_notification_reads: the notices module's tables. Its SQL lives here only.
// Every read recomputes the status from the writer's intent, the dates and `now` (the stored status is what
// the job notices.refresh last wrote), so a list is right even before a boundary job has run.

/** The status at the time in parameter $n (start inclusive, end exclusive; core noticeStatusAt says the same). */
const statusSql = (now: string) =>
  `(CASE WHEN intent <> 'PUBLIC' THEN intent WHEN end_date IS NOT NULL AND end_date <= ${now} THEN 'EXPIRED'
    WHEN start_date IS NOT NULL AND start_date > ${now} THEN 'UNPUBLIC' ELSE 'PUBLIC' END)`;
const statusAt = (n: number) => statusSql(`$${n}::timestamptz`);

const FILTER: Record<NoticeFilter, NoticeStatus | null> = {
  all: null,
  published: 'PUBLIC',
  unpublished: 'UNPUBLIC',
  draft: 'DRAFT',
  expired: 'EXPIRED',
};
const SORT: Record<NoticeSort, string> = { created: 'created_at', start: 'start_date', title: 'lower(title)' };
const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

interface NoticeRowBase {
  id: number;
  account_id: number;
  title: string;
  url: string | null;
  body: string;
  image_url: string | null;
  publish_type: PublishType;
  intent: NoticeIntent;
  status: NoticeStatus;
  start_date: Date | string | null;
  end_date: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}
export interface NewsRow extends NoticeRowBase {
  distribution_site_id: number | null;
  distribution_site_name: string | null;
  audience_account_id: number | null;
}
export interface SystemNotiRow extends NoticeRowBase {
  receiver_roles: ReceiverRole[];
  read?: boolean;
}

interface NoticeInput {
  title: string;
  url: string | null;
  body: string;
  imageUrl: string | null;
  publishType: PublishType;
  intent: NoticeIntent;
  startDate: string | null;
  endDate: string | null;
}
export interface NewsInput extends NoticeInput {
  distributionSiteId: number | null;
  distributionSiteName: string | null;
  audienceAccountId: number | null;
}
export interface SystemNotiInput extends NoticeInput {
  receiverRoles: ReceiverRole[];
}
export interface ListArgs {
  filter: NoticeFilter;
  search?: string;
  sort: NoticeSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  now: Date;
}

const BASE = 'id, account_id, title, url, body, image_url, publish_type, intent, start_date, end_date, created_at, updated_at';
const NEWS_COLS = `${BASE}, distribution_site_id, distribution_site_name, audience_account_id`;
const SYS_COLS = `${BASE}, receiver_roles`;

/** WHERE parts shared by both lists: status filter and search; `params` grows as parts are added. */
function listWhere(a: ListArgs, params: unknown[], first: string[]): string {
  const where = [...first];
  params.push(a.now);
  const nowIdx = params.length;
  // typed even when no filter uses it (the count query has no other mention of it)
  where.push(`$${nowIdx}::timestamptz IS NOT NULL`);
  const status = FILTER[a.filter];
  if (status) {
    params.push(status);
    where.push(`${statusAt(nowIdx)} = $${params.length}`);
  }
  if (a.search) {
    params.push(like(a.search));
    where.push(`(title ILIKE $${params.length} OR body ILIKE $${params.length})`);
  }
  return `WHERE ${where.join(' AND ')}`;
}

async function pagedList<T>(q: Queryable, table: string, cols: string, a: ListArgs, first: string[], params: unknown[]) {
  const where = listWhere(a, params, first);
  const nowIdx = params.indexOf(a.now) + 1;
  const total = await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} ${where}`, params);
  const order = `${SORT[a.sort]} ${a.order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, id ${a.order === 'asc' ? 'ASC' : 'DESC'}`;
  const rows = await q.query<T>(
    `SELECT ${cols}, ${statusAt(nowIdx)} AS status FROM ${table} ${where} ORDER BY ${order} LIMIT ${a.limit} OFFSET ${a.offset}`,
    params,
  );
  return { rows, total: total.n };
}

// ---- news ----

/** The writer's own news (all statuses). */
export function listOwnNews(q: Queryable, ownerId: number, a: ListArgs) {
  return pagedList<NewsRow>(q, 'news', NEWS_COLS, a, ['account_id = $1'], [ownerId]);
}

/** What a reader is shown now: written by one of its ancestors, for everyone or for the reader's account. */
export async function listNewsFeed(
  q: Queryable,
  r: { ancestorIds: number[]; readerId: number; search?: string; limit: number; offset: number; now: Date },
) {
  const params: unknown[] = [r.ancestorIds, r.readerId, r.now];
  let where = `account_id = ANY($1::bigint[]) AND (audience_account_id IS NULL OR audience_account_id = $2) AND ${statusAt(3)} = 'PUBLIC'`;
  if (r.search) {
    params.push(like(r.search));
    where += ` AND (title ILIKE $4 OR body ILIKE $4)`;
  }
  const total = await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM news WHERE ${where}`, params);
  const rows = await q.query<NewsRow>(
    `SELECT ${NEWS_COLS}, 'PUBLIC' AS status FROM news WHERE ${where}
     ORDER BY coalesce(start_date, created_at) DESC, id DESC LIMIT ${r.limit} OFFSET ${r.offset}`,
    params,
  );
  return { rows, total: total.n };
}

export function findNews(q: Queryable, id: number, now: Date, lock = false): Promise<NewsRow | undefined> {
  return q.maybeOne<NewsRow>(`SELECT ${NEWS_COLS}, ${statusAt(2)} AS status FROM news WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
    now,
  ]);
}

const newsValues = (n: NewsInput) => [
  n.title,
  n.url,
  n.body,
  n.imageUrl,
  n.publishType,
  n.intent,
  n.startDate,
  n.endDate,
  n.distributionSiteId,
  n.distributionSiteName,
  n.audienceAccountId,
];

export async function insertNews(q: Queryable, accountId: number, n: NewsInput): Promise<number> {
  const r = await q.one<{ id: number }>(
    `INSERT INTO news (account_id, title, url, body, image_url, publish_type, intent, start_date, end_date,
       distribution_site_id, distribution_site_name, audience_account_id, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $7) RETURNING id`,
    [accountId, ...newsValues(n)],
  );
  return Number(r.id);
}

export async function updateNews(q: Queryable, id: number, n: NewsInput): Promise<void> {
  await q.query(
    `UPDATE news SET title = $2, url = $3, body = $4, image_url = $5, publish_type = $6, intent = $7, start_date = $8,
       end_date = $9, distribution_site_id = $10, distribution_site_name = $11, audience_account_id = $12, updated_at = now()
     WHERE id = $1`,
    [id, ...newsValues(n)],
  );
}

export async function deleteNews(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM news WHERE id = $1', [id]);
}

// ---- system notifications ----

/** The platform's list (all statuses). */
export function listSystemNotis(q: Queryable, a: ListArgs) {
  return pagedList<SystemNotiRow>(q, 'system_notifications', SYS_COLS, a, [], []);
}

/** What a receiver of this role is shown now: $1 role, $2 now. */
const SHOWN_TO = `$1 = ANY(receiver_roles) AND ${statusAt(2)} = 'PUBLIC'`;

/** A receiver's notifications, latest first, with its read marks and unread count. */
export async function systemInbox(q: Queryable, r: { role: ReceiverRole; accountId: number; limit: number; offset: number; now: Date }) {
  const params = [r.role, r.now, r.accountId];
  const counts = await q.one<{ total: number; unread: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM system_notification_reads s WHERE s.notification_id = n.id AND s.account_id = $3))::int AS unread
     FROM system_notifications n WHERE ${SHOWN_TO}`,
    params,
  );
  const rows = await q.query<SystemNotiRow>(
    `SELECT ${SYS_COLS}, 'PUBLIC' AS status,
            EXISTS (SELECT 1 FROM system_notification_reads s WHERE s.notification_id = n.id AND s.account_id = $3) AS read
     FROM system_notifications n WHERE ${SHOWN_TO}
     ORDER BY coalesce(start_date, created_at) DESC, id DESC LIMIT ${r.limit} OFFSET ${r.offset}`,
    params,
  );
  return { rows, total: counts.total, unread: counts.unread };
}

export async function unreadSystemNotis(q: Queryable, role: ReceiverRole, accountId: number, now: Date): Promise<number> {
  const r = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM system_notifications n WHERE ${SHOWN_TO}
       AND NOT EXISTS (SELECT 1 FROM system_notification_reads s WHERE s.notification_id = n.id AND s.account_id = $3)`,
    [role, now, accountId],
  );
  return r.n;
}

export function findSystemNoti(
  q: Queryable,
  id: number,
  now: Date,
  readerId: number | null,
  lock = false,
): Promise<SystemNotiRow | undefined> {
  return q.maybeOne<SystemNotiRow>(
    `SELECT ${SYS_COLS}, ${statusAt(2)} AS status,
            EXISTS (SELECT 1 FROM system_notification_reads s WHERE s.notification_id = n.id AND s.account_id = $3) AS read
     FROM system_notifications n WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id, now, readerId ?? 0],
  );
}

/** Marks read what of `ids` this receiver is shown now; the others are ignored. Idempotent. */
export async function markSystemNotisRead(q: Queryable, role: ReceiverRole, accountId: number, ids: number[], now: Date): Promise<void> {
  await q.query(
    `INSERT INTO system_notification_reads (notification_id, account_id)
     SELECT id, $3 FROM system_notifications n WHERE id = ANY($4::bigint[]) AND ${SHOWN_TO}
     ON CONFLICT (notification_id, account_id) DO NOTHING`,
    [role, now, accountId, ids],
  );
}

const sysValues = (n: SystemNotiInput) => [
  n.title,
  n.url,
  n.body,
  n.imageUrl,
  n.publishType,
  n.intent,
  n.startDate,
  n.endDate,
  n.receiverRoles,
];

export async function insertSystemNoti(q: Queryable, accountId: number, n: SystemNotiInput): Promise<number> {
  const r = await q.one<{ id: number }>(
    `INSERT INTO system_notifications (account_id, title, url, body, image_url, publish_type, intent, start_date, end_date, receiver_roles, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $7) RETURNING id`,
    [accountId, ...sysValues(n)],
  );
  return Number(r.id);
}

export async function updateSystemNoti(q: Queryable, id: number, n: SystemNotiInput): Promise<void> {
  await q.query(
    `UPDATE system_notifications SET title = $2, url = $3, body = $4, image_url = $5, publish_type = $6, intent = $7,
       start_date = $8, end_date = $9, receiver_roles = $10::text[], updated_at = now() WHERE id = $1`,
    [id, ...sysValues(n)],
  );
}

export async function deleteSystemNoti(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM system_notifications WHERE id = $1', [id]);
}

// ---- the boundary job ----

/**
 * Stores the status as of `now` (business time, ctx.clock: a save's moment, or the boundary job's once its run_at
 * has passed on that clock). Returns the status.
 */
export async function refreshStatus(q: Queryable, table: 'news' | 'system', id: number, now: Date): Promise<string | null> {
  const t = table === 'news' ? 'news' : 'system_notifications';
  const r = await q.maybeOne<{ status: string }>(`UPDATE ${t} SET status = ${statusAt(2)} WHERE id = $1 RETURNING status`, [id, now]);
  return r?.status ?? null;
}
