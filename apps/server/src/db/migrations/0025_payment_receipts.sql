-- Money received against a bill, owned by the billing module: a receipt kept beside the issued invoice, never
-- written into it. A card charge (the provider's PaymentIntent: provider_ref) or a bank transfer the seller records
-- (the day it arrived, the amount, the payer's name as the bank statement prints it). A bill is settled when its
-- receipts cover its total. request_key makes a double submit record once; provider_ref makes a charge's receipt
-- unique however many times the provider reports it.
CREATE TABLE payment_receipts (
  id bigserial PRIMARY KEY,
  payment_id bigint NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('CARD', 'BANK_TRANSFER')),
  amount integer NOT NULL CHECK (amount > 0),
  received_on date NOT NULL,
  payer_name text CHECK (payer_name IS NULL OR length(payer_name) BETWEEN 1 AND 100),
  card_brand text,
  card_last4 text CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
  provider text,
  provider_ref text,
  recorded_by bigint REFERENCES accounts(id),
  request_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'BANK_TRANSFER' OR payer_name IS NOT NULL),
  CHECK (kind <> 'CARD' OR provider_ref IS NOT NULL)
);
CREATE INDEX payment_receipts_payment ON payment_receipts (payment_id, id);
CREATE UNIQUE INDEX payment_receipts_request ON payment_receipts (payment_id, request_key) WHERE request_key IS NOT NULL;
CREATE UNIQUE INDEX payment_receipts_provider_ref ON payment_receipts (provider, provider_ref) WHERE provider_ref IS NOT NULL;

-- Webhook events of the card provider, each handled once: a redelivered event finds its id here and changes nothing.
CREATE TABLE payment_provider_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  payment_id bigint REFERENCES payments(id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The monthly run's off-session charges find the month's card bills still to charge.
CREATE INDEX payments_unpaid_card ON payments (year_month) WHERE status = 'UNPAID' AND method = 'CARD';
