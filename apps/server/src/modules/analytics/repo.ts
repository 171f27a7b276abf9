import { insertMany } from '../../db/bulk.js';
import type { Queryable } from '../../db/db.js';

// The analytics module's SQL: analytics_events (docs/architecture.md).

export type EventRow = {
  site_id: number;
  page_id: number | null;
  event: string;
  session_id: string;
  lang: string | null;
  target_id: number | null;
  data: string;
  occurred_at: string;
};

export async function insertEvents(q: Queryable, rows: EventRow[]): Promise<void> {
  await insertMany(
    q,
    'analytics_events',
    {
      site_id: 'bigint',
      page_id: 'bigint',
      event: 'text',
      session_id: 'text',
      lang: 'text',
      target_id: 'bigint',
      data: 'jsonb',
      occurred_at: 'timestamptz',
    },
    rows,
  );
}

/** Page views per site in [start, end) (billing's monthly PV fee): one GROUP BY on the page-view index (0010). */
export async function countPageViewsBySite(q: Queryable, start: Date, end: Date, siteIds?: number[]): Promise<Map<number, number>> {
  const rows = await q.query<{ site_id: number; n: number }>(
    `SELECT site_id, count(*)::bigint AS n FROM analytics_events
      WHERE event = 'page_view' AND occurred_at >= $1 AND occurred_at < $2 AND ($3::bigint[] IS NULL OR site_id = ANY($3::bigint[]))
      GROUP BY site_id`,
    [start.toISOString(), end.toISOString(), siteIds ?? null],
  );
  return new Map(rows.map((r) => [Number(r.site_id), Number(r.n)]));
}
