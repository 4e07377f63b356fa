-- The operator's console (docs/operations-players-content.md): players a finance account kept out
-- of red packets, with who did it and why (the audit trail keeps every change as well).
CREATE TABLE red_packet_blacklist (
  player_id  bigint PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  by_account text NOT NULL,
  reason     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
