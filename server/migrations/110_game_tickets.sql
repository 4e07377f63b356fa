-- The open game pages (server/games/play.ts) by ticket: stored, so a round posted to any hall of
-- several sharing this store finds the page another hall opened. A player's page plays with the
-- wallet; a demo page (player_id NULL) with its own trial money, kept here.

CREATE TABLE game_tickets (
  ticket       text PRIMARY KEY,
  player_id    bigint REFERENCES players (id) ON DELETE CASCADE,
  game_id      integer NOT NULL,
  currency     text NOT NULL,
  demo_balance numeric(38, 2) NOT NULL CHECK (demo_balance >= 0),
  opened_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_tickets_opened ON game_tickets (opened_at);
