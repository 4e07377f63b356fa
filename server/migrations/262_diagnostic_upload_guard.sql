-- Diagnostics uploads are bounded per sender (server/support/store.ts): the address each came
-- from, so the hall limits the uploads an address starts in an hour and how many unfinished ones
-- (and how many bytes of them) it holds at once. The address goes with the upload (retention).
ALTER TABLE diagnostic_uploads ADD COLUMN address text NOT NULL DEFAULT '';
CREATE INDEX diagnostic_uploads_address ON diagnostic_uploads (address, created_at);
CREATE INDEX diagnostic_uploads_player ON diagnostic_uploads (player_id, created_at) WHERE player_id IS NOT NULL;
CREATE INDEX diagnostic_uploads_unfinished ON diagnostic_uploads (created_at) WHERE completed_at IS NULL;
