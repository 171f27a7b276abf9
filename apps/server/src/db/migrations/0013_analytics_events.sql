-- Raw visitor events (module analytics, ingest.ts writes them, partitions.ts keeps the months).
-- analytics_events becomes a table partitioned by Japan month (analytics_events_YYYYMM holds
-- [YYYY-MM-01 00:00 +09, next month 00:00 +09)) plus a DEFAULT partition, so an event of a month with no
-- partition yet is never lost (the daily `analytics.partitions` job moves such rows into their month).
-- A retried event counts once: (site_id, event_id, occurred_at) is unique and inserts use ON CONFLICT DO
-- NOTHING (a retry resends the same id and `at`). No foreign key to sites: every insert would lock the
-- site's row (FOR KEY SHARE) and look it up, which costs ingestion speed under load; ingestion only takes
-- events of published sites, sites are soft-deleted, and raw rows age out with the retention.
-- `id` stays (same sequence) for readers that order by arrival; it is not unique across partitions.

ALTER TABLE analytics_events RENAME TO analytics_events_old;
DROP INDEX IF EXISTS analytics_events_site;
DROP INDEX IF EXISTS analytics_events_page_views;
ALTER TABLE analytics_events_old RENAME CONSTRAINT analytics_events_pkey TO analytics_events_old_pkey;

CREATE TABLE analytics_events (
  id bigint NOT NULL DEFAULT nextval('analytics_events_id_seq'),
  event_id text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text),
  site_id bigint NOT NULL,
  page_id bigint,
  event text NOT NULL CHECK (event IN ('page_view','click_cta_btn','slide_page','click_product_item','click_product_point',
    'click_popup_cta','page_leave','tap','conversion')),
  session_id text,
  lang text,
  target_id bigint,
  data jsonb NOT NULL DEFAULT '{}',
  occurred_at timestamptz NOT NULL DEFAULT now(),
  dwell_ms integer CHECK (dwell_ms BETWEEN 0 AND 21600000),
  x real CHECK (x BETWEEN 0 AND 1),
  y real CHECK (y BETWEEN 0 AND 1),
  CONSTRAINT analytics_events_once UNIQUE (site_id, event_id, occurred_at)
) PARTITION BY RANGE (occurred_at);
ALTER SEQUENCE analytics_events_id_seq OWNED BY analytics_events.id;

CREATE INDEX analytics_events_site ON analytics_events (site_id, occurred_at);
-- billing's monthly page views per site (0010): one GROUP BY on this index
CREATE INDEX analytics_events_page_views ON analytics_events (occurred_at, site_id) WHERE event = 'page_view';

CREATE TABLE analytics_events_default PARTITION OF analytics_events DEFAULT;

-- This Japan month, the next two, and every month the old rows fall in.
DO $$
DECLARE
  m date;
BEGIN
  FOR m IN
    SELECT DISTINCT date_trunc('month', (o.occurred_at AT TIME ZONE 'UTC') + interval '9 hours')::date FROM analytics_events_old o
    UNION
    SELECT (date_trunc('month', (now() AT TIME ZONE 'UTC') + interval '9 hours') + k * interval '1 month')::date FROM generate_series(0, 2) k
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF analytics_events FOR VALUES FROM (%L) TO (%L)',
      'analytics_events_' || to_char(m, 'YYYYMM'), m::text || ' 00:00:00+09', (m + interval '1 month')::date::text || ' 00:00:00+09');
  END LOOP;
END $$;

INSERT INTO analytics_events (id, event_id, site_id, page_id, event, session_id, lang, target_id, data, occurred_at)
SELECT id, 'old-' || id, site_id, page_id, event, session_id, lang, target_id, data, occurred_at FROM analytics_events_old;
DROP TABLE analytics_events_old;

-- Per-site analytics settings (GET/PUT /api/v1/analysis/site/{id}/settings).
CREATE TABLE IF NOT EXISTS analytics_site_settings (
  site_id bigint PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
  honor_dnt boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
