-- Visitor-form fields get viewer.md 5's remaining generic rules: a DATE type, and the
-- rules held as one JSON object (minLength, pattern, minItems, maxItems, minDate, maxDate, equalsField,
-- afterField; packages/core/src/form-rules.ts checks them).
ALTER TABLE form_fields DROP CONSTRAINT IF EXISTS form_fields_type_form_check;
ALTER TABLE form_fields ADD CONSTRAINT form_fields_type_form_check CHECK (type_form IN ('SELECT','TEXT_BOX','NUMBER','SELECT_OPTIONS','DATE'));
ALTER TABLE form_fields ADD COLUMN rules jsonb NOT NULL DEFAULT '{}';
