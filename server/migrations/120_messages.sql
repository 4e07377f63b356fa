-- The message centre (spec screens §2 /home/notice, §3 notice store, §9 notices 5 a page; calls
-- §7.9 and /message/marquee; server/calls/messages.ts).
--
-- A message is a notice (1), an announcement (2) or a marquee item (3). player_id NULL sends it to
-- every player of the site, else to that player alone. award is what receiving it credits ('0':
-- no award), until award_expires_at when set. Content is operator HTML: the lobby sanitizes it.
CREATE TABLE messages (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code        text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  player_id        bigint REFERENCES players (id) ON DELETE CASCADE,
  type             smallint NOT NULL CHECK (type IN (1, 2, 3)),
  title            text NOT NULL,
  content          text NOT NULL,
  award            numeric(38, 10) NOT NULL DEFAULT 0 CHECK (award >= 0),
  award_expires_at timestamptz,
  created_at       timestamptz NOT NULL
);
CREATE INDEX messages_site_type ON messages (site_code, type, id DESC) WHERE player_id IS NULL;
CREATE INDEX messages_player_type ON messages (player_id, type, id DESC) WHERE player_id IS NOT NULL;

-- A player's state of a message: read, deleted, its award received. No row: unread, kept, not
-- received. Receiving an award sets received_at once (the update that sets it is the one that
-- credits), so a repeated or concurrent receive pays nothing twice.
CREATE TABLE message_states (
  message_id  bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  read_at     timestamptz,
  deleted_at  timestamptz,
  received_at timestamptz,
  PRIMARY KEY (player_id, message_id)
);
