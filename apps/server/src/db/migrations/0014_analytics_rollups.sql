-- Analytics rollups (module analytics, rollup.ts refreshes them, rollups.repo.ts reads them).
-- Every table is keyed by the Japan day (`day`, 00:00-24:00 JST) and recomputed per site-day from the raw
-- analytics_events (0013) by the `analytics.rollup` job: delete + insert in one transaction.
-- A "session" is one visitor (swipe_sid) on one Japan day. Page ids are the site document's page ids.

CREATE TABLE IF NOT EXISTS analytics_site_days (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  day date NOT NULL,
  visitors int NOT NULL DEFAULT 0,
  page_views int NOT NULL DEFAULT 0,
  cta_clicks int NOT NULL DEFAULT 0,
  conversions int NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day)
);

CREATE TABLE IF NOT EXISTS analytics_page_days (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  day date NOT NULL,
  page_id bigint NOT NULL,
  views int NOT NULL DEFAULT 0,
  visitors int NOT NULL DEFAULT 0,
  exits int NOT NULL DEFAULT 0,
  cta_clicks int NOT NULL DEFAULT 0,
  conversions int NOT NULL DEFAULT 0,
  dwell_n int NOT NULL DEFAULT 0,
  dwell_sum_ms bigint NOT NULL DEFAULT 0,
  -- 121 buckets: dwell second 0..119, and 120 for 120 s or more
  dwell_hist int[] NOT NULL,
  -- beyond the brief's shape: sessions whose deepest page / entry page this was (a year of them without scanning
  -- the sessions table)
  deepest int NOT NULL DEFAULT 0,
  entries int NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day, page_id)
);

-- Each page's dwell histogram merged per Japan month (the sum of its days'), recomputed with any day of that
-- month: a year's median merges ~12 rows a page instead of 365.
CREATE TABLE IF NOT EXISTS analytics_page_months (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  month date NOT NULL,
  page_id bigint NOT NULL,
  dwell_hist int[] NOT NULL,
  PRIMARY KEY (site_id, month, page_id)
);

CREATE TABLE IF NOT EXISTS analytics_sessions (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  day date NOT NULL,
  session_id text NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  page_views int NOT NULL DEFAULT 0,
  -- the page with the highest grid index (col * rows + row) the session viewed; null when none is on the grid
  deepest_page_id bigint,
  deepest_index int,
  entry_page_id bigint,
  exit_page_id bigint,
  converted boolean NOT NULL DEFAULT false,
  utm_source text NOT NULL DEFAULT '',
  utm_medium text NOT NULL DEFAULT '',
  utm_campaign text NOT NULL DEFAULT '',
  PRIMARY KEY (site_id, day, session_id)
);

CREATE TABLE IF NOT EXISTS analytics_move_days (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  day date NOT NULL,
  -- 0-based category columns (A = 0) of slide_page's data.from / data.to
  from_col smallint NOT NULL,
  to_col smallint NOT NULL,
  visitors int NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day, from_col, to_col)
);

CREATE TABLE IF NOT EXISTS analytics_tap_days (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  day date NOT NULL,
  page_id bigint NOT NULL,
  -- cell of a 20 x 36 grid over the page box
  gx smallint NOT NULL,
  gy smallint NOT NULL,
  taps int NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day, page_id, gx, gy)
);
-- one page's taps over a year read ~25,000 index entries instead of the site's ~1M rows
CREATE INDEX IF NOT EXISTS analytics_tap_days_page ON analytics_tap_days (site_id, page_id, day) INCLUDE (gx, gy, taps);

CREATE TABLE IF NOT EXISTS analytics_utm_days (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  day date NOT NULL,
  source text NOT NULL DEFAULT '',
  medium text NOT NULL DEFAULT '',
  campaign text NOT NULL DEFAULT '',
  visitors int NOT NULL DEFAULT 0,
  conversions int NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day, source, medium, campaign)
);
