-- CSV import of users, owned by accounts: one row per committed file. The caller and the
-- file's sha256 key it, so the same file committed twice is one import (a FAILED one may be retried).
-- The checked rows wait in `rows` for the job that writes them in one transaction; `done` / `total`
-- is the progress the screen polls.
CREATE TABLE user_imports (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  sha256 text NOT NULL,
  status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED','RUNNING','DONE','FAILED')),
  lang text NOT NULL DEFAULT 'ja',
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  rows jsonb NOT NULL DEFAULT '[]',
  errors jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX user_imports_file ON user_imports (account_id, sha256) WHERE status <> 'FAILED';
