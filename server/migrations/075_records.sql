-- Records and reports (server/calls/records.ts): a player's rounds and ledger entries are read
-- newest first within a time range, and summed over it. Each is indexed by player and time, with
-- the summed columns included so the totals are read from the index alone.
CREATE INDEX IF NOT EXISTS game_rounds_player_time ON game_rounds (player_id, created_at, id) INCLUDE (bet, win, game_id);
CREATE INDEX IF NOT EXISTS wallet_entries_player_time ON wallet_entries (player_id, created_at, id) INCLUDE (amount, kind);
