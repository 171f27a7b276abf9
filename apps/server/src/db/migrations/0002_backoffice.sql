-- Back-office additions: uploads with signed URLs, bulk ZIP uploads, audit of operator code,
-- custom-domain verification state.

-- Media rows carry the one-time upload capability (hash only) and what was declared before upload.
ALTER TABLE media ADD COLUMN purpose text NOT NULL DEFAULT 'CREATIVE' CHECK (purpose IN ('CREATIVE','LOGO'));
ALTER TABLE media ADD COLUMN file_name text;
ALTER TABLE media ADD COLUMN declared_type text;
ALTER TABLE media ADD COLUMN max_bytes bigint;
ALTER TABLE media ADD COLUMN upload_token_hash text;
ALTER TABLE media ADD COLUMN upload_expires_at timestamptz;
ALTER TABLE media ADD COLUMN uploaded_at timestamptz;
ALTER TABLE media ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX media_upload_token ON media (upload_token_hash) WHERE upload_token_hash IS NOT NULL;
CREATE INDEX media_site ON media (site_id);

-- Bulk creative uploads (a ZIP streamed to disk, read entry by entry by a job; progress polled by the UI).
CREATE TABLE bulk_uploads (
  id uuid PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts(id),
  status text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING','UPLOADED','QUEUED','PROCESSING','DONE','FAILED')),
  upload_token_hash text NOT NULL UNIQUE,
  upload_expires_at timestamptz NOT NULL,
  size_bytes bigint,
  processed integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  placed jsonb NOT NULL DEFAULT '[]',
  rejected jsonb NOT NULL DEFAULT '[]',
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bulk_uploads_site ON bulk_uploads (site_id, created_at DESC);

-- Audit of operator code (head/body scripts, chatbot and form scripts, script and HTML buttons).
ALTER TABLE audit_log ADD COLUMN field text;
ALTER TABLE audit_log ADD COLUMN old_hash text;
ALTER TABLE audit_log ADD COLUMN new_hash text;
CREATE INDEX audit_log_site ON audit_log (site_id, created_at DESC, id DESC);

-- Custom domain verification: when it was asked for (the 72-hour window) and the status to return to.
ALTER TABLE sites ADD COLUMN domain_requested_at timestamptz;
ALTER TABLE sites ADD COLUMN domain_checked_at timestamptz;
ALTER TABLE sites ADD COLUMN domain_failed_at timestamptz;
ALTER TABLE sites ADD COLUMN status_before_domain text CHECK (status_before_domain IN ('DRAFT','PUBLISH','PRIVATE'));
