-- Experiments (module experiments; docs/decisions.md "Experiments"): A/B variations of a published site's pages
-- (or of the whole site) with traffic weights and coverage. A visitor's variation is GrowthBook's v2 hash of its
-- session_user_id cookie under the experiment's seed (packages/core/src/experiments.ts): nothing here stores a
-- visitor. Variation 0 (position 0) is the control: the published site as it is.

CREATE TABLE experiments (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'paused', 'stopped', 'completed')),
  -- 'pages': the pages in page_ids (and the popup CTAs when popup); 'site': every page and the popup CTAs
  scope text NOT NULL CHECK (scope IN ('pages', 'site')),
  page_ids bigint[] NOT NULL DEFAULT '{}',
  popup boolean NOT NULL DEFAULT false,
  -- the hash seed: random, fixed at creation, so anyone can reproduce the split
  seed text NOT NULL,
  -- the share of visitors in the experiment, percent
  coverage smallint NOT NULL DEFAULT 100 CHECK (coverage BETWEEN 1 AND 100),
  started_at timestamptz,
  stopped_at timestamptz,
  winner_variation_id bigint,
  promoted_at timestamptz,
  created_by bigint REFERENCES accounts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX experiments_site ON experiments (site_id, id);
CREATE INDEX experiments_live ON experiments (site_id) WHERE status IN ('running', 'paused');

CREATE TABLE experiment_variations (
  id bigserial PRIMARY KEY,
  experiment_id bigint NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position >= 0),
  name text NOT NULL,
  -- percent of the experiment's traffic; the variations of an experiment sum to 100
  weight smallint NOT NULL CHECK (weight BETWEEN 0 AND 100),
  -- what differs from the published site: {"pages": {"<page id>": <page>}, "popupCtas": {...}} (core site.ts shapes)
  content jsonb NOT NULL DEFAULT '{}',
  UNIQUE (experiment_id, position)
);

-- module analytics: each variation's figures per Japan day, rolled up from the events that carry it
-- (docs/decisions.md "Experiments": visitors are daily visitors exposed to the variation, conversions those of them
-- who converted that day after their first exposure).
CREATE TABLE analytics_variation_days (
  site_id bigint NOT NULL,
  day date NOT NULL,
  experiment_id bigint NOT NULL,
  variation_id bigint NOT NULL,
  visitors int NOT NULL DEFAULT 0,
  conversions int NOT NULL DEFAULT 0,
  page_views int NOT NULL DEFAULT 0,
  cta_clicks int NOT NULL DEFAULT 0,
  dwell_n int NOT NULL DEFAULT 0,
  dwell_sum_ms bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (experiment_id, variation_id, day)
);
CREATE INDEX analytics_variation_days_site ON analytics_variation_days (site_id, day);

-- module plans: the plan feature flag (off for every existing plan: a new feature is sold, not given)
ALTER TABLE plans ADD COLUMN experiments boolean NOT NULL DEFAULT false;
