-- Integrations: API settings per account, the leads API's key, and signed outbound webhooks.
ALTER TABLE api_settings
  ADD COLUMN api_key_prefix text,
  ADD COLUMN webhook_secret text,
  ADD COLUMN scope_from timestamptz,
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE api_settings ADD CONSTRAINT api_settings_method CHECK (method IS NULL OR method IN ('POST','PUT'));
CREATE UNIQUE INDEX api_settings_key ON api_settings (api_key_hash) WHERE api_key_hash IS NOT NULL;

-- One outgoing message per submission and account: the unique key makes a second hook call (or a retried
-- transaction) a no-op, so a submission is queued once; its id is the X-Swipe-Delivery header.
CREATE TABLE webhook_messages (
  id bigserial PRIMARY KEY,
  delivery_id text NOT NULL UNIQUE,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  site_id bigint NOT NULL,
  kind text NOT NULL,
  submission_id bigint NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','DELIVERED','FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  retry_base integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  UNIQUE (account_id, kind, submission_id)
);
CREATE INDEX webhook_messages_account ON webhook_messages (account_id, id DESC);

-- Every send attempt: what the endpoint answered and how long it took.
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES webhook_messages(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  status text NOT NULL CHECK (status IN ('DELIVERED','FAILED')),
  response_code integer,
  duration_ms integer NOT NULL,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_message ON webhook_deliveries (message_id, id);
