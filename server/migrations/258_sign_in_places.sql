-- The places a player signed in from (server/calls/auth.ts): a device (the SHA-256 of the
-- browser's fingerprint header, which the lobby keeps per browser) or an address. A password
-- sign-in from one of them is guarded on its own (server/guard.ts), so a stranger's failures from
-- elsewhere never lock the player out of a device or address the player used before.
CREATE TABLE sign_in_places (
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('device', 'address')),
  place      text NOT NULL,
  last_at    timestamptz NOT NULL,
  PRIMARY KEY (player_id, kind, place)
);
