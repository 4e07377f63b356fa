-- The human challenge of a code send (spec §8: 1119 force geetest; §5: image code, 4 digits).
-- A player who asked for 3 codes of one purpose within 10 minutes must read an image's digits
-- before the next send; each challenge is answered once.
CREATE TABLE challenges (
  key        text PRIMARY KEY,
  answer     text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- The code sends of the last minutes, per player and purpose (older rows are dropped on the next send).
CREATE TABLE code_sends (
  player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  purpose   text NOT NULL,
  sent_at   timestamptz NOT NULL
);
CREATE INDEX code_sends_by_player ON code_sends (player_id, purpose, sent_at);
