import type { Queryable } from '../../db/db.js';

// The analytics module's SQL for raw events (analytics_events, migration 0013) and the per-site settings.
// Partitions: repo/partitions.ts; rollups: repo/rollups.ts.

export interface EventRow {
  eventId: string;
  siteId: number;
  pageId: number | null;
  event: string;
  sessionId: string | null;
  lang: string | null;
  targetId: number | null;
  /** JSON text */
  data: string;
  /** ISO instant */
  occurredAt: string;
  dwellMs: number | null;
  x: number | null;
  y: number | null;
  /** moved back to the server's clock (a batch stamped ahead of it: ingest.ts leadOf), so a retry has another instant */
  retimed?: boolean;
}

/**
 * Stores a batch in one statement (column arrays through unnest); an event already stored (same site, id and
 * instant: a retry) is skipped, and so is a moved one already stored under its id (below). Returns how many rows
 * were new.
 */
export async function insertEvents(q: Queryable, batch: EventRow[]): Promise<number> {
  const rows = batch.some((r) => r.retimed) ? await withoutStoredRetimed(q, batch) : batch;
  if (rows.length === 0) return 0;
  const col = <K extends keyof EventRow>(k: K) => rows.map((r) => r[k]);
  const inserted = await q.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO analytics_events (event_id, site_id, page_id, event, session_id, lang, target_id, data, occurred_at, dwell_ms, x, y)
       SELECT u.event_id, u.site_id, u.page_id, u.event, u.session_id, u.lang, u.target_id, u.data::jsonb, u.occurred_at, u.dwell_ms, u.x, u.y
         FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[],
                     $9::timestamptz[], $10::int[], $11::real[], $12::real[])
           AS u(event_id, site_id, page_id, event, session_id, lang, target_id, data, occurred_at, dwell_ms, x, y)
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [
      col('eventId'),
      col('siteId'),
      col('pageId'),
      col('event'),
      col('sessionId'),
      col('lang'),
      col('targetId'),
      col('data'),
      col('occurredAt'),
      col('dwellMs'),
      col('x'),
      col('y'),
    ],
  );
  return Number(inserted[0]?.n ?? 0);
}

/**
 * A batch moved back to the server's clock is moved by how far ahead it is when it arrives, so a retry of it (later,
 * moved by less) carries another instant, which the unique (site, id, instant) does not catch: its moved events are
 * looked up by id in the day before the latest of them (the first copy was stored at or before its own arrival,
 * and a retry follows within seconds). Only moved batches pay for the look-up.
 */
async function withoutStoredRetimed(q: Queryable, rows: EventRow[]): Promise<EventRow[]> {
  const moved = rows.filter((r) => r.retimed);
  const latest = Math.max(...moved.map((r) => Date.parse(r.occurredAt)));
  const found = await q.query<{ site_id: number; event_id: string }>(
    `SELECT DISTINCT site_id, event_id FROM analytics_events
      WHERE site_id = ANY($1::bigint[]) AND event_id = ANY($2::text[]) AND occurred_at >= $3 AND occurred_at <= $4`,
    [
      [...new Set(moved.map((r) => r.siteId))],
      moved.map((r) => r.eventId),
      new Date(latest - 24 * 3600_000).toISOString(),
      new Date(latest).toISOString(),
    ],
  );
  if (found.length === 0) return rows;
  const stored = new Set(found.map((f) => `${Number(f.site_id)} ${f.event_id}`));
  return rows.filter((r) => !(r.retimed && stored.has(`${r.siteId} ${r.eventId}`)));
}

/** Page views per site in [start, end) (billing's monthly PV fee): one GROUP BY on the page-view index (0013). */
export async function countPageViewsBySite(q: Queryable, start: Date, end: Date, siteIds?: number[]): Promise<Map<number, number>> {
  const rows = await q.query<{ site_id: number; n: number }>(
    `SELECT site_id, count(*)::bigint AS n FROM analytics_events
      WHERE event = 'page_view' AND occurred_at >= $1 AND occurred_at < $2 AND ($3::bigint[] IS NULL OR site_id = ANY($3::bigint[]))
      GROUP BY site_id`,
    [start.toISOString(), end.toISOString(), siteIds ?? null],
  );
  return new Map(rows.map((r) => [Number(r.site_id), Number(r.n)]));
}

export interface SiteSettingsRow {
  honor_dnt: boolean;
  updated_at: string | null;
}

export async function findSiteSettings(q: Queryable, siteId: number): Promise<SiteSettingsRow | undefined> {
  return q.maybeOne<SiteSettingsRow>('SELECT honor_dnt, updated_at FROM analytics_site_settings WHERE site_id = $1', [siteId]);
}

export async function upsertSiteSettings(q: Queryable, siteId: number, honorDnt: boolean): Promise<SiteSettingsRow> {
  return q.one<SiteSettingsRow>(
    `INSERT INTO analytics_site_settings (site_id, honor_dnt) VALUES ($1, $2)
     ON CONFLICT (site_id) DO UPDATE SET honor_dnt = EXCLUDED.honor_dnt, updated_at = now()
     RETURNING honor_dnt, updated_at`,
    [siteId, honorDnt],
  );
}

/** A visitor's events on a site in [start, now]: the last one's time, the last page viewed, whether `pageId` was viewed. */
export async function visitorSoFar(
  q: Queryable,
  siteId: number,
  visitor: string,
  start: Date,
  now: Date,
  pageId: number | null,
): Promise<{ lastAt: string | null; lastPageId: number | null; sawPage: boolean }> {
  const r = await q.one<{ last_at: string | null; last_page: number | null; saw: boolean | null }>(
    `SELECT max(occurred_at) AS last_at,
            (array_agg(page_id ORDER BY occurred_at DESC) FILTER (WHERE event = 'page_view' AND page_id IS NOT NULL))[1] AS last_page,
            bool_or(event = 'page_view' AND page_id = $5) AS saw
       FROM analytics_events WHERE site_id = $1 AND session_id = $2 AND occurred_at >= $3 AND occurred_at <= $4`,
    [siteId, visitor, start.toISOString(), now.toISOString(), pageId],
  );
  return {
    lastAt: r.last_at ? new Date(r.last_at).toISOString() : null,
    lastPageId: r.last_page === null ? null : Number(r.last_page),
    sawPage: r.saw === true,
  };
}
