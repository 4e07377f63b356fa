-- The playing activities (server/play/*.ts; docs/hall.md "Playing activities"): sports guessing
-- (type 21), invest (type 16), lucky bet (type 14) and the quiz (a Customize activity with
-- questions). Every amount is numeric; every request that moves money carries the player's request
-- id, unique per player, so a repeated or concurrent request moves it once.

-- Sports guessing: the activity's stake bounds, its matches and their options at decimal odds.
CREATE TABLE play_guess_settings (
  activity_id int PRIMARY KEY REFERENCES activities (id) ON DELETE CASCADE,
  min_amount  numeric(38, 10) NOT NULL CHECK (min_amount > 0),
  max_amount  numeric(38, 10) NOT NULL CHECK (max_amount >= min_amount)
);

CREATE TABLE play_matches (
  id          int GENERATED ALWAYS AS IDENTITY (START WITH 2101) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  home        text NOT NULL,
  away        text NOT NULL,
  kickoff_at  timestamptz NOT NULL,
  -- open 0, settled 1, void 2 (every guess refunded)
  status      smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  result      int,
  settled_at  timestamptz,
  sort        int NOT NULL DEFAULT 0
);
CREATE INDEX play_matches_activity ON play_matches (activity_id, sort, id);

CREATE TABLE play_match_options (
  id        int GENERATED ALWAYS AS IDENTITY (START WITH 21001) PRIMARY KEY,
  match_id  int NOT NULL REFERENCES play_matches (id) ON DELETE CASCADE,
  pick      text NOT NULL CHECK (pick IN ('home', 'draw', 'away')),
  odds      numeric(12, 4) NOT NULL CHECK (odds > 1),
  UNIQUE (match_id, pick)
);

-- A guess: the stake debited when placed; settled once (status pending 0, won 1, lost 2, refunded 3).
CREATE TABLE play_guesses (
  id          bigint GENERATED ALWAYS AS IDENTITY (START WITH 210000001) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  match_id    int NOT NULL REFERENCES play_matches (id) ON DELETE CASCADE,
  option_id   int NOT NULL REFERENCES play_match_options (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  request_id  text NOT NULL,
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0),
  currency    text NOT NULL,
  odds        numeric(12, 4) NOT NULL,
  win_amount  numeric(38, 10) NOT NULL DEFAULT 0,
  status      smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
  created_at  timestamptz NOT NULL,
  settled_at  timestamptz,
  UNIQUE (player_id, request_id)
);
CREATE INDEX play_guesses_player ON play_guesses (player_id, activity_id, created_at DESC, id DESC);
CREATE INDEX play_guesses_match ON play_guesses (match_id, status);

-- Invest: the activity's terms (days, the rate for the whole term in percent, the amounts).
CREATE TABLE play_invest_terms (
  id          int GENERATED ALWAYS AS IDENTITY (START WITH 1601) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  days        int NOT NULL CHECK (days > 0),
  rate        numeric(12, 4) NOT NULL CHECK (rate > 0),
  min_amount  numeric(38, 10) NOT NULL CHECK (min_amount > 0),
  max_amount  numeric(38, 10) NOT NULL CHECK (max_amount >= min_amount),
  sort        int NOT NULL DEFAULT 0
);

-- A subscription: the principal left the wallet at start_at; at matures_at principal and profit
-- can be received, once (received_at set).
CREATE TABLE play_investments (
  id          int GENERATED ALWAYS AS IDENTITY (START WITH 160001) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  term_id     int NOT NULL REFERENCES play_invest_terms (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  request_id  text NOT NULL,
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0),
  profit      numeric(38, 10) NOT NULL CHECK (profit >= 0),
  currency    text NOT NULL,
  start_at    timestamptz NOT NULL,
  matures_at  timestamptz NOT NULL,
  received_at timestamptz,
  UNIQUE (player_id, request_id)
);
CREATE INDEX play_investments_player ON play_investments (player_id, activity_id, id DESC);
-- A redeem's request id, so a repeated redeem answers without moving anything.
CREATE TABLE play_invest_redeems (
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  request_id text NOT NULL,
  invest_id  int NOT NULL REFERENCES play_investments (id) ON DELETE CASCADE,
  PRIMARY KEY (player_id, request_id)
);

-- Lucky bet: a game round of the activity's window with at least min_bet whose bet's whole part ends
-- in the suffix wins rate percent of its bet (rounded down to the currency's scale), received once.
CREATE TABLE play_lucky_rules (
  activity_id int PRIMARY KEY REFERENCES activities (id) ON DELETE CASCADE,
  suffix      text NOT NULL CHECK (suffix ~ '^[0-9]{1,6}$'),
  min_bet     numeric(38, 10) NOT NULL CHECK (min_bet > 0),
  rate        numeric(12, 4) NOT NULL CHECK (rate > 0),
  max_prize   numeric(38, 10) NOT NULL CHECK (max_prize > 0)
);
CREATE TABLE play_lucky_claims (
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  round_id    bigint NOT NULL REFERENCES game_rounds (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (activity_id, round_id)
);

-- Quiz: questions with their choices and the right one; the reward when every answer is right, once.
CREATE TABLE play_quiz_settings (
  activity_id int PRIMARY KEY REFERENCES activities (id) ON DELETE CASCADE,
  reward      numeric(38, 10) NOT NULL CHECK (reward > 0)
);
CREATE TABLE play_quiz_questions (
  id          int GENERATED ALWAYS AS IDENTITY (START WITH 301) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  texts       jsonb NOT NULL,
  choices     jsonb NOT NULL,
  answer      int NOT NULL,
  sort        int NOT NULL DEFAULT 0
);
CREATE TABLE play_quiz_answers (
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  correct     int NOT NULL,
  status      smallint NOT NULL CHECK (status IN (2, 7)),
  amount      numeric(38, 10) NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (activity_id, player_id)
);
