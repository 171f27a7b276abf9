import type { DeliveryInput, DeliveryListQuery } from '@swipe/core';
import type { Queryable } from '../../db/db.js';

// notification_deliveries (docs/architecture.md): the visitor banner's notifications of a site. The only
// file with SQL on that table; the viewer reads the live ones through deliveries' service.

export interface DeliveryRow {
  id: number;
  site_id: number;
  title: string;
  content: string;
  image_url: string | null;
  news_url: string | null;
  lang: string | null;
  status: 'PUBLIC' | 'UNPUBLIC' | 'DRAFT' | 'EXPIRED';
  start_date: string | null;
  end_date: string | null;
  created_at: string;
  updated_at: string;
}

const COLS = 'id, site_id, title, content, image_url, news_url, lang, status, start_date, end_date, created_at, updated_at';

/**
 * Public notifications of a site in a language (or every language) whose date window contains `now` (business
 * time, ctx.clock); newest first, 20 at most.
 */
export function liveRows(q: Queryable, siteId: number, lang: string, now: Date): Promise<DeliveryRow[]> {
  return q.query<DeliveryRow>(
    `SELECT ${COLS} FROM notification_deliveries
      WHERE site_id = $1 AND status = 'PUBLIC' AND (lang IS NULL OR lang = $2)
        AND (start_date IS NULL OR start_date <= $3) AND (end_date IS NULL OR end_date > $3)
      ORDER BY start_date DESC NULLS LAST, id DESC LIMIT 20`,
    [siteId, lang, now],
  );
}

/** Each list state as a condition on the moment bound at `$n` (business time). */
const STATE_SQL: Record<Exclude<DeliveryListQuery['state'], 'all'>, (n: number) => string> = {
  live: (n) => `status = 'PUBLIC' AND (start_date IS NULL OR start_date <= $${n}) AND (end_date IS NULL OR end_date > $${n})`,
  scheduled: (n) => `status = 'PUBLIC' AND start_date > $${n}`,
  ended: (n) => `(status = 'EXPIRED' OR (status = 'PUBLIC' AND end_date <= $${n}))`,
  hidden: () => "status IN ('UNPUBLIC', 'DRAFT')",
};
const SORT_SQL: Record<DeliveryListQuery['sort'], string> = {
  start: 'start_date',
  title: 'lower(title)',
  status: 'status',
  created: 'created_at',
};

export async function listRows(
  q: Queryable,
  siteId: number,
  p: DeliveryListQuery,
  now: Date,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = ['site_id = $1'];
  const params: unknown[] = [siteId];
  if (p.search) {
    params.push(`%${p.search.replace(/[\\%_]/g, '\\$&')}%`);
    where.push(`(title ILIKE $${params.length} OR content ILIKE $${params.length})`);
  }
  if (p.state !== 'all') {
    params.push(now);
    where.push(STATE_SQL[p.state](params.length));
  }
  const w = where.join(' AND ');
  const { n } = await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM notification_deliveries WHERE ${w}`, params);
  const dir = p.order === 'asc' ? 'ASC' : 'DESC';
  params.push(p.pageSize, (p.page - 1) * p.pageSize);
  const rows = await q.query<DeliveryRow>(
    `SELECT ${COLS} FROM notification_deliveries WHERE ${w}
      ORDER BY ${SORT_SQL[p.sort]} ${dir} NULLS LAST, id ${dir} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total: n };
}

export function findRow(q: Queryable, id: number, lock = false): Promise<DeliveryRow | undefined> {
  return q.maybeOne<DeliveryRow>(`SELECT ${COLS} FROM notification_deliveries WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
}

const values = (d: DeliveryInput) => [d.title, d.content, d.imageUrl, d.newsUrl, d.lang, d.status, d.startDate, d.endDate];

export function insertRow(q: Queryable, siteId: number, d: DeliveryInput): Promise<DeliveryRow> {
  return q.one<DeliveryRow>(
    `INSERT INTO notification_deliveries (site_id, title, content, image_url, news_url, lang, status, start_date, end_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLS}`,
    [siteId, ...values(d)],
  );
}

export function updateRow(q: Queryable, id: number, d: DeliveryInput): Promise<DeliveryRow> {
  return q.one<DeliveryRow>(
    `UPDATE notification_deliveries SET title = $2, content = $3, image_url = $4, news_url = $5, lang = $6, status = $7,
       start_date = $8, end_date = $9, updated_at = now() WHERE id = $1 RETURNING ${COLS}`,
    [id, ...values(d)],
  );
}

export async function deleteRow(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM notification_deliveries WHERE id = $1', [id]);
}

// What the embedded mode's demo data (demo/seed.ts) writes.
export interface NewNotification {
  lang: string;
  title: string;
  content: string;
  newsUrl: string | null;
  /** shown from `at` minus this many days until `at` plus `untilDays` */
  sinceDays: number;
  untilDays: number;
}

export async function insertPublicNotifications(q: Queryable, siteId: number, items: NewNotification[], at: Date): Promise<void> {
  for (const n of items) {
    await q.query(
      `INSERT INTO notification_deliveries (site_id, lang, title, content, news_url, status, start_date, end_date)
       VALUES ($1, $2, $3, $4, $5, 'PUBLIC', $8::timestamptz - make_interval(days => $6), $8::timestamptz + make_interval(days => $7))`,
      [siteId, n.lang, n.title, n.content, n.newsUrl, n.sinceDays, n.untilDays, at],
    );
  }
}
