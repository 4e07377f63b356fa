-- Sign-out ends access (docs/hall.md, "Sign-out, password changes and frozen accounts"): each
-- session remembers the fast-login key it was handed and whether that key opened it (fast login),
-- so a logout can rotate the player's key and end the sessions the old key opened, and a password
-- change or a frozen account can end every session of the player.

ALTER TABLE sessions ADD COLUMN userkey text;
ALTER TABLE sessions ADD COLUMN by_userkey boolean NOT NULL DEFAULT false;
UPDATE sessions s SET userkey = p.userkey FROM players p WHERE p.id = s.player_id;
CREATE INDEX sessions_live_by_key ON sessions (player_id, userkey) WHERE ended_at IS NULL;
