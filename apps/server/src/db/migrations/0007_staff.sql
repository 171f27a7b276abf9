-- Admin staff, profile image, delete own account: a profile image is a media upload of
-- its own purpose (checked by content like the others, stored on accounts.profile_image_url).
ALTER TABLE media DROP CONSTRAINT IF EXISTS media_purpose_check;
ALTER TABLE media ADD CONSTRAINT media_purpose_check CHECK (purpose IN ('CREATIVE','LOGO','PROFILE'));
-- The staff list reads an owner's children by type.
CREATE INDEX IF NOT EXISTS accounts_parent_type ON accounts (parent_id, type) WHERE deleted_at IS NULL;
