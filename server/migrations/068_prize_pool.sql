-- The prize pool (spec calls §7.8: /api/lobby/prize-pool/win-amount and winner-list {size 200,
-- current 1}). The path carries no site, so the pool is the hall's, shared by its sites: one win
-- amount and the list of winners, newest first. Seeded with 240 winners of seeded games (more
-- than one page of 200), their names masked as the lobby shows them.

CREATE TABLE prize_pool (
  id         smallint PRIMARY KEY CHECK (id = 1),
  win_amount numeric(38, 2) NOT NULL CHECK (win_amount >= 0)
);
INSERT INTO prize_pool (id, win_amount) VALUES (1, 128888.88);

CREATE TABLE prize_winners (
  id        serial PRIMARY KEY,
  username  text NOT NULL,
  game_name text NOT NULL,
  amount    numeric(38, 2) NOT NULL CHECK (amount > 0),
  won_at    timestamptz NOT NULL
);
CREATE INDEX prize_winners_newest ON prize_winners (won_at DESC, id);

-- The i-th winner (1 newest) won in the i-th game of category block 1 + i % 10.
INSERT INTO prize_winners (username, game_name, amount, won_at)
SELECT 'pl***' || lpad(((i * 37) % 1000)::text, 3, '0'),
       g.name,
       round(((i * 7919) % 90000) / 100.0 + 50, 2),
       timestamptz '2026-01-01 00:00:00+00' - make_interval(mins => i * 17)
FROM generate_series(1, 240) AS i
JOIN games g ON g.id = 100000 + (1 + i % 10) * 10000 + i
ORDER BY i;
