-- Rebates (cashback; spec screens §2 /home/event/cashback, the system menu's rebate entry with its
-- return-gold count). The spec names no call: the design is the hall's own (docs/hall-protocol.md,
-- "Rebates, awards and receive records").
--
-- A player's valid bets are the bets of their settled game rounds in their currency (the
-- reference hall's rounds settle at once, so every bet is valid in full, as the betting record
-- says). Each game category has the site's rate in percent (rebate_rates; site_code '*' holds the
-- rates of every site without its own). The return gold of a category is
-- trunc(sum of its valid bets not yet rebated × rate / 100, 2): to the cent, rounded down.
--
-- Rounds count from the start of the site's day window_days - 1 days ago; older ones are gone.
-- Receiving takes, in one transaction with the player's row held, every category giving at least
-- 0.01: one receipt per category (rebate_receipts), each of its rounds claimed once
-- (rebate_rounds: the round is the primary key, so a round is never rebated twice, whatever
-- requests race), and one ledger entry 'bonus-rebate' with the sum, plus a turnover requirement
-- of turnover_multiple × the sum. A category below 0.01 keeps its rounds for later.

CREATE TABLE rebate_rates (
  site_code   text NOT NULL,
  category_id integer NOT NULL,
  rate        numeric(7, 4) NOT NULL CHECK (rate >= 0 AND rate <= 100),
  PRIMARY KEY (site_code, category_id)
);

INSERT INTO rebate_rates (site_code, category_id, rate) VALUES
  ('*', 1, 0.5), ('*', 2, 0.6), ('*', 3, 0.8), ('*', 4, 0.7), ('*', 5, 1.0),
  ('*', 6, 0.5), ('*', 8, 0.4), ('*', 9, 0.3), ('*', 10, 0.3), ('*', 11, 0.6);

CREATE TABLE rebate_config (
  id                smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  window_days       integer NOT NULL DEFAULT 7 CHECK (window_days BETWEEN 1 AND 90),
  turnover_multiple numeric(8, 2) NOT NULL DEFAULT 1 CHECK (turnover_multiple >= 0)
);
INSERT INTO rebate_config (window_days, turnover_multiple) VALUES (7, 1);

CREATE TABLE rebate_receipts (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  currency    text NOT NULL,
  category_id integer NOT NULL,
  valid_bet   numeric(38, 10) NOT NULL CHECK (valid_bet > 0),
  rate        numeric(7, 4) NOT NULL,
  amount      numeric(38, 10) NOT NULL CHECK (amount >= 0.01),
  rounds      integer NOT NULL CHECK (rounds > 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rebate_receipts_player ON rebate_receipts (player_id, created_at);

CREATE TABLE rebate_rounds (
  round_id   bigint PRIMARY KEY REFERENCES game_rounds (id) ON DELETE CASCADE,
  receipt_id bigint NOT NULL REFERENCES rebate_receipts (id) ON DELETE CASCADE
);
