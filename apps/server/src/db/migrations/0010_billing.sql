-- Billing, owned by the billing module: payments (moved from accounts) get the seller, the
-- plan version billed, totals with tax, the due date and card details (brand and last 4 only); bill_lines
-- hold the invoice lines; payment_cards the provider's customer and card token per account (never a number).
ALTER TABLE payments ADD COLUMN seller_account_id bigint REFERENCES accounts(id);
ALTER TABLE payments ADD COLUMN plan_id bigint REFERENCES plans(id);
ALTER TABLE payments ADD COLUMN subtotal integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN tax integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN taxes jsonb NOT NULL DEFAULT '[]';
ALTER TABLE payments ADD COLUMN page_views bigint NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN issued_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE payments ADD COLUMN due_date date;
ALTER TABLE payments ADD COLUMN card_brand text;
ALTER TABLE payments ADD COLUMN failure_reason text;
ALTER TABLE payments ADD COLUMN charge_key text;
ALTER TABLE payments ADD COLUMN provider_charge_id text;
ALTER TABLE payments ADD COLUMN forced_at timestamptz;
CREATE INDEX payments_seller ON payments (seller_account_id, year_month);
CREATE UNIQUE INDEX payments_charge_key ON payments (charge_key) WHERE charge_key IS NOT NULL;

CREATE TABLE bill_lines (
  id bigserial PRIMARY KEY,
  payment_id bigint NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('plan','pv','license','initial')),
  quantity integer NOT NULL,
  unit_price integer NOT NULL,
  amount integer NOT NULL,
  tax_rate integer NOT NULL,
  UNIQUE (payment_id, position)
);

CREATE TABLE payment_cards (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL,
  card_ref text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- For the analytics module (its table): the month's page views per site in one index-only GROUP BY.
CREATE INDEX IF NOT EXISTS analytics_events_page_views ON analytics_events (occurred_at, site_id) WHERE event = 'page_view';
