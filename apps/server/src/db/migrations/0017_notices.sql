-- Latest information (news) and system notifications (module notices).
-- intent: what the writer asked for (PUBLIC, UNPUBLIC, DRAFT); status follows from it and the dates and is
-- moved by the job notices.refresh at the start and the end (reads recompute it too, docs/decisions.md).
ALTER TABLE news ADD COLUMN intent text NOT NULL DEFAULT 'DRAFT' CHECK (intent IN ('PUBLIC','UNPUBLIC','DRAFT'));
-- the operators the news is for: the owner of its distribution site (null: everyone below the writer)
ALTER TABLE news ADD COLUMN audience_account_id bigint REFERENCES accounts(id);
ALTER TABLE news ADD COLUMN distribution_site_name text;
ALTER TABLE news ADD CONSTRAINT news_title_len CHECK (char_length(title) <= 50);
ALTER TABLE news ADD CONSTRAINT news_url_len CHECK (url IS NULL OR char_length(url) <= 256);
ALTER TABLE news ADD CONSTRAINT news_dates CHECK (end_date IS NULL OR start_date IS NULL OR end_date > start_date);
CREATE INDEX news_account ON news (account_id, created_at DESC, id DESC);
CREATE INDEX news_shown ON news (account_id, start_date) WHERE intent = 'PUBLIC';

ALTER TABLE system_notifications ADD COLUMN intent text NOT NULL DEFAULT 'DRAFT' CHECK (intent IN ('PUBLIC','UNPUBLIC','DRAFT'));
ALTER TABLE system_notifications ADD CONSTRAINT system_notifications_roles
  CHECK (receiver_roles <@ ARRAY['OEM_MASTER','OEM_ADMIN','USER','MASTER_USER']::text[] AND cardinality(receiver_roles) > 0);
ALTER TABLE system_notifications ADD CONSTRAINT system_notifications_title_len CHECK (char_length(title) <= 50);
ALTER TABLE system_notifications ADD CONSTRAINT system_notifications_dates CHECK (end_date IS NULL OR start_date IS NULL OR end_date > start_date);
CREATE INDEX system_notifications_shown ON system_notifications (start_date DESC, id DESC) WHERE intent = 'PUBLIC';
CREATE INDEX system_notification_reads_account ON system_notification_reads (account_id, notification_id);
