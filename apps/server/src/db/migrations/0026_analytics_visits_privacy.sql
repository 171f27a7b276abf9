-- Analytics visits and privacy by design (module analytics; docs/decisions.md "Analytics visits" and
-- "Analytics privacy").
--
-- Privacy: no table keeps a visitor's cookie id. analytics_events.session_id now holds the visitor's DAILY id:
-- HMAC-SHA-256 of (site, cookie id) under a salt of that Japan day (analytics_salts), and a salt is deleted once
-- its day is over by more than a day, so nobody (the operator with the database included) can link a browser's
-- days or recompute its id from a cookie. The rows stored before this migration carry the raw cookie id: each is
-- replaced by a hash under a random salt of its Japan day that is thrown away here (the day's visitors still
-- count alike; nothing links them any more). Conversions' event ids named the stored submission
-- (cv-contact-{id}): they get random ids, so no key joins a submission's e-mail to browsing.
-- form_submissions.ip_hash was an unsalted SHA-256 of the address (any IPv4 reversed in seconds): the stored
-- ones are dropped; new ones are keyed with the app secret.
--
-- Visits (replacing analytics_sessions, one row per visitor-day): a visit is a run of one visitor's events on
-- one Japan day with no gap over 30 minutes and one campaign (utm_source/medium/campaign). Each day with raw
-- events is rolled up again from them by the queued `analytics.rollup` jobs below; the older days keep their
-- figures, each old visitor-day becoming one visit (hashed the same way).
--
-- Dwell: views under 1 s leave dwell; the histogram gets 0.1 s buckets. 381 buckets: 0..289 are 1.0 s to 30.0 s
-- by 0.1 s, 290..379 are 30 s to 120 s by 1 s, 380 is 120 s or more. Old per-second buckets move to the bucket
-- where their second starts; their under-a-second views leave dwell_n (their share of the sum is not known:
-- half a second each is taken off).

CREATE TABLE IF NOT EXISTS analytics_salts (
  day date PRIMARY KEY,
  salt text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- raw visitor ids: hashed per Japan day under salts nobody keeps
WITH days AS (
  SELECT d, gen_random_uuid()::text || gen_random_uuid()::text AS salt
  FROM (SELECT DISTINCT ((occurred_at AT TIME ZONE 'UTC') + interval '9 hours')::date AS d FROM analytics_events
        WHERE session_id IS NOT NULL) x
)
UPDATE analytics_events e
   SET session_id = encode(sha256(convert_to(days.salt || ':' || e.site_id || ':' || e.session_id, 'UTF8')), 'hex')
  FROM days
 WHERE e.session_id IS NOT NULL AND days.d = ((e.occurred_at AT TIME ZONE 'UTC') + interval '9 hours')::date;

UPDATE analytics_events SET event_id = 'cv-' || md5(gen_random_uuid()::text)
 WHERE event = 'conversion' AND event_id LIKE 'cv-%';

UPDATE form_submissions SET ip_hash = NULL WHERE ip_hash IS NOT NULL;

-- visits
CREATE TABLE IF NOT EXISTS analytics_visits (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  day date NOT NULL,
  -- the visitor's daily id (as in analytics_events.session_id)
  visitor text NOT NULL,
  -- 1, 2, ... in the visitor's day
  visit_no int NOT NULL,
  first_at timestamptz NOT NULL,
  last_at timestamptz NOT NULL,
  page_views int NOT NULL DEFAULT 0,
  -- CTA, product and popup clicks, category swipes and conversions (taps and leaves are not)
  interactions int NOT NULL DEFAULT 0,
  conversions int NOT NULL DEFAULT 0,
  -- one page view, no interaction
  bounced boolean NOT NULL DEFAULT false,
  entry_page_id bigint,
  exit_page_id bigint,
  deepest_page_id bigint,
  deepest_index int,
  utm_source text NOT NULL DEFAULT '',
  utm_medium text NOT NULL DEFAULT '',
  utm_campaign text NOT NULL DEFAULT '',
  utm_term text NOT NULL DEFAULT '',
  utm_content text NOT NULL DEFAULT '',
  -- host of the page that linked to the visit's first page ('' for none)
  referrer_host text NOT NULL DEFAULT '',
  PRIMARY KEY (site_id, day, visitor, visit_no)
);

WITH days AS (
  SELECT d, gen_random_uuid()::text || gen_random_uuid()::text AS salt FROM (SELECT DISTINCT day AS d FROM analytics_sessions) x
)
INSERT INTO analytics_visits (site_id, day, visitor, visit_no, first_at, last_at, page_views, interactions, conversions, bounced,
  entry_page_id, exit_page_id, deepest_page_id, deepest_index, utm_source, utm_medium, utm_campaign)
SELECT s.site_id, s.day, encode(sha256(convert_to(days.salt || ':' || s.site_id || ':' || s.session_id, 'UTF8')), 'hex'), 1,
  s.first_at, s.last_at, s.page_views, CASE WHEN s.converted THEN 1 ELSE 0 END, CASE WHEN s.converted THEN 1 ELSE 0 END,
  s.page_views = 1 AND NOT s.converted, s.entry_page_id, s.exit_page_id, s.deepest_page_id, s.deepest_index,
  s.utm_source, s.utm_medium, s.utm_campaign
FROM analytics_sessions s JOIN days ON days.d = s.day;
DROP TABLE analytics_sessions;

ALTER TABLE analytics_site_days
  ADD COLUMN IF NOT EXISTS visits int NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS converting_visitors int NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS bounces int NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS duration_sum_ms bigint NOT NULL DEFAULT 0;
UPDATE analytics_site_days d SET visits = v.visits, converting_visitors = v.cv, bounces = v.bounces, duration_sum_ms = v.dur
  FROM (SELECT site_id, day, count(*) AS visits, count(*) FILTER (WHERE conversions > 0) AS cv, count(*) FILTER (WHERE bounced) AS bounces,
               sum((extract(epoch FROM last_at - first_at) * 1000)::bigint) AS dur
        FROM analytics_visits GROUP BY 1, 2) v
 WHERE v.site_id = d.site_id AND v.day = d.day;

ALTER TABLE analytics_page_days
  ADD COLUMN IF NOT EXISTS converting_visitors int NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS bounces int NOT NULL DEFAULT 0;
UPDATE analytics_page_days d SET converting_visitors = least(d.conversions, d.visitors),
  bounces = coalesce((SELECT count(*) FROM analytics_visits v
                      WHERE v.site_id = d.site_id AND v.day = d.day AND v.entry_page_id = d.page_id AND v.bounced), 0);

-- 121 per-second buckets -> 381 buckets (see above); arrays are 1-based: old second s is old[s + 1]
UPDATE analytics_page_days SET
  dwell_n = greatest(0, dwell_n - dwell_hist[1]),
  dwell_sum_ms = greatest(0, dwell_sum_ms - dwell_hist[1]::bigint * 500),
  dwell_hist = ARRAY(SELECT CASE WHEN i < 290 THEN CASE WHEN i % 10 = 0 THEN coalesce(dwell_hist[i / 10 + 2], 0) ELSE 0 END
                                 WHEN i < 380 THEN coalesce(dwell_hist[i - 259], 0) ELSE coalesce(dwell_hist[121], 0) END
                     FROM generate_series(0, 380) AS g(i) ORDER BY i)
 WHERE cardinality(dwell_hist) = 121;
UPDATE analytics_page_months SET
  dwell_hist = ARRAY(SELECT CASE WHEN i < 290 THEN CASE WHEN i % 10 = 0 THEN coalesce(dwell_hist[i / 10 + 2], 0) ELSE 0 END
                                 WHEN i < 380 THEN coalesce(dwell_hist[i - 259], 0) ELSE coalesce(dwell_hist[121], 0) END
                     FROM generate_series(0, 380) AS g(i) ORDER BY i)
 WHERE cardinality(dwell_hist) = 121;

-- campaigns with term and content; every visit of a day is in one row
ALTER TABLE analytics_utm_days
  ADD COLUMN IF NOT EXISTS term text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS content text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS visits int NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS converting_visitors int NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS bounces int NOT NULL DEFAULT 0;
UPDATE analytics_utm_days SET visits = visitors, converting_visitors = least(conversions, visitors);
ALTER TABLE analytics_utm_days DROP CONSTRAINT IF EXISTS analytics_utm_days_pkey;
ALTER TABLE analytics_utm_days ADD PRIMARY KEY (site_id, day, source, medium, campaign, term, content);

CREATE TABLE IF NOT EXISTS analytics_referrer_days (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  day date NOT NULL,
  host text NOT NULL DEFAULT '',
  visits int NOT NULL DEFAULT 0,
  visitors int NOT NULL DEFAULT 0,
  conversions int NOT NULL DEFAULT 0,
  converting_visitors int NOT NULL DEFAULT 0,
  bounces int NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, day, host)
);

-- every day with raw events is rolled up again from them (visits, per-visit conversions, dwell without the
-- sub-second views), one job per site-day, by the job worker after the start
INSERT INTO jobs (kind, payload, dedupe_key)
SELECT 'analytics.rollup', jsonb_build_object('siteId', site_id, 'day', d::text), site_id || ':' || d::text || ':0026'
FROM (SELECT DISTINCT site_id, ((occurred_at AT TIME ZONE 'UTC') + interval '9 hours')::date AS d FROM analytics_events) x;
