-- The realtime socket's per-player outbox (server/ws.ts): every event notice pushed to a player,
-- numbered by msg_id, kept until a connection of that player acknowledges it, and resent on every
-- new connection until then. Stored, so nothing pushed is lost across a restart of the hall.

CREATE TABLE socket_outbox (
  msg_id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  type       text NOT NULL,
  data       jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  acked_at   timestamptz
);
CREATE INDEX socket_outbox_unacked ON socket_outbox (player_id, msg_id) WHERE acked_at IS NULL;
