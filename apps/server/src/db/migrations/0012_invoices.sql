-- Invoices: an OEM master's qualified-invoice registration number (T + 13 digits), printed on the
-- invoices it issues; null: its bills are plain invoices (請求書) and say they are not qualified invoices.
-- The platform's own number is configuration (ISSUER_REGISTRATION_NUMBER), not a row.
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS invoice_registration_number text
  CHECK (invoice_registration_number IS NULL OR invoice_registration_number ~ '^T[0-9]{13}$');
