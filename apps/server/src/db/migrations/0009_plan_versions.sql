-- Plan versions, owned by accounts. A plan is a family of versions: editing a plan no account
-- ever used changes it in place; editing one in use inserts version + 1 of the same family, and the old row
-- gets superseded_at. Accounts keep the row (version) they hold until moved on purpose. family_id NULL means
-- the row is its own family (rows inserted before this migration, or by seeds that do not know versions).
-- names: the plan's name per language {ja, en, kr, cn}; `name` stays the Japanese one (lists, history).
-- archived_at: no new assignments (the whole family is archived at once).
ALTER TABLE plans ADD COLUMN family_id bigint REFERENCES plans(id);
ALTER TABLE plans ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE plans ADD COLUMN names jsonb NOT NULL DEFAULT '{}';
ALTER TABLE plans ADD COLUMN archived_at timestamptz;
ALTER TABLE plans ADD COLUMN superseded_at timestamptz;
UPDATE plans SET family_id = id, names = jsonb_build_object('ja', name) WHERE family_id IS NULL;
CREATE UNIQUE INDEX plans_family_version ON plans ((COALESCE(family_id, id)), version);
CREATE INDEX plans_owner ON plans (owner_account_id);
CREATE INDEX contract_history_plan ON contract_history (plan_id);
