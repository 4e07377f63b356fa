-- Records and reports (server/calls/records.ts): a player's rounds and ledger entries are read
-- newest first within a time range, so each is indexed by player and time (and id, the order).
CREATE INDEX IF NOT EXISTS game_rounds_player_time ON game_rounds (player_id, created_at, id);
CREATE INDEX IF NOT EXISTS wallet_entries_player_time ON wallet_entries (player_id, created_at, id);
