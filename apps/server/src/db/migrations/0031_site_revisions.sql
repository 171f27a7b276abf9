-- Site revisions (module sites; docs/decisions.md "Site revisions"): every publish keeps its snapshot, numbered per
-- site, with who published it and what changed against the revision before it. The one visitors see is marked live
-- (at most one per site: a partial unique index, which the visitors' read joins on, as fast as the one-row table
-- was). Making a site private or deleting it leaves none live and keeps the history. The newest 50 are kept: older
-- ones go in the publishing transaction, never the live one.

ALTER TABLE site_publications DROP CONSTRAINT site_publications_pkey;
ALTER TABLE site_publications ADD COLUMN id bigserial PRIMARY KEY;
-- the operator's number of the revision (1, 2, ...); `version` stays the cache version, which a video rendition
-- finished after publishing moves on too
ALTER TABLE site_publications ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE site_publications ALTER COLUMN revision DROP DEFAULT;
-- every row of the one-row table was the live publication
ALTER TABLE site_publications ADD COLUMN live boolean NOT NULL DEFAULT true;
ALTER TABLE site_publications ALTER COLUMN live SET DEFAULT false;
ALTER TABLE site_publications ADD COLUMN published_by bigint REFERENCES accounts(id) ON DELETE SET NULL;
-- a rollback: the revision whose snapshot this one published again
ALTER TABLE site_publications ADD COLUMN restored_from integer;
-- what changed against the revision before it (core revisions.ts diffSites); null for a site's first one
ALTER TABLE site_publications ADD COLUMN changes jsonb;

CREATE UNIQUE INDEX site_publications_revision ON site_publications (site_id, revision);
CREATE UNIQUE INDEX site_publications_live ON site_publications (site_id) WHERE live;
