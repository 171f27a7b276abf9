-- Issued invoices never change (docs/decisions.md "Invoices are documents"). Owned by the billing module.
-- invoices: every document issued for a bill (payments row): the invoice, a corrected invoice that replaces a voided
-- one, a qualified return invoice (適格返還請求書) where money goes back. `content` is everything the PDF prints, stored
-- when issued; only the void marks may change afterwards (the trigger refuses any other update, and deletes).
-- Numbers come from one gapless sequence per issuer and kind (invoice_sequences, incremented in the issuing
-- transaction): 'platform' for the platform's own invoices, 'account:<id>' for an OEM master that issues its own.
-- seq is null on a number given before per-issuer numbering (INV-YYYYMM-<bill id>), kept as it was printed.
CREATE TABLE invoices (
  id bigserial PRIMARY KEY,
  payment_id bigint NOT NULL REFERENCES payments(id),
  kind text NOT NULL CHECK (kind IN ('invoice','return')),
  issuer_key text NOT NULL CHECK (issuer_key = 'platform' OR issuer_key ~ '^account:[0-9]+$'),
  seq integer CHECK (seq > 0),
  number text NOT NULL UNIQUE,
  issued_at timestamptz NOT NULL,
  content jsonb NOT NULL,
  replaces_id bigint REFERENCES invoices(id),
  voided_at timestamptz,
  voided_by bigint REFERENCES accounts(id),
  void_reason text,
  UNIQUE (issuer_key, kind, seq)
);
CREATE INDEX invoices_payment ON invoices (payment_id, id);
-- one first invoice per bill: a bill run (or the snapshot of a bill issued before this table) never issues two
CREATE UNIQUE INDEX invoices_first ON invoices (payment_id) WHERE kind = 'invoice' AND replaces_id IS NULL;
-- a voided invoice is replaced once
CREATE UNIQUE INDEX invoices_replaces ON invoices (replaces_id) WHERE replaces_id IS NOT NULL;

CREATE TABLE invoice_sequences (
  issuer_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('invoice','return')),
  last_seq integer NOT NULL CHECK (last_seq > 0),
  PRIMARY KEY (issuer_key, kind)
);

CREATE FUNCTION invoices_keep_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'an issued invoice is never deleted (%)', OLD.number;
  END IF;
  IF NEW.payment_id <> OLD.payment_id OR NEW.kind <> OLD.kind OR NEW.issuer_key <> OLD.issuer_key
     OR NEW.seq IS DISTINCT FROM OLD.seq OR NEW.number <> OLD.number OR NEW.issued_at <> OLD.issued_at
     OR NEW.content <> OLD.content OR NEW.replaces_id IS DISTINCT FROM OLD.replaces_id
     OR (OLD.voided_at IS NOT NULL AND NEW.voided_at IS DISTINCT FROM OLD.voided_at) THEN
    RAISE EXCEPTION 'an issued invoice does not change (%): void it and issue a new one', OLD.number;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER invoices_keep_issued BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_keep_issued();

-- Bills issued before this table get their content stored by the one-off job billing.snapshot_invoices (the
-- issuer and bank details are configuration, which SQL cannot read); until it has run, reading such a bill's
-- invoice stores it first, with the same code.
INSERT INTO jobs (kind, payload, dedupe_key) SELECT 'billing.snapshot_invoices', '{}', 'once' WHERE EXISTS (SELECT 1 FROM payments);
