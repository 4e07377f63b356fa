-- Lucky wheels (activity types 2 and 20) and word collection (type 18): server/play/wheel.ts,
-- server/play/words.ts, server/calls/wheel.ts. The activities themselves are rows of `activities`
-- (migration 130); these tables hold what the event centre's tiers do not: the tasks that earn
-- chances, the wheel's prizes and their odds, the words and sets, what each player drew.

-- Per activity: how many points (1 per 1 of the currency bet) make a spin (0: none), and the
-- hall's random source: with a seed set (the control `wheel-seed`) the n-th draw of the activity is
-- sha256(seed:activity:n), so a test knows every outcome; without one, the operating system's.
CREATE TABLE play_settings (
  activity_id     int PRIMARY KEY REFERENCES activities (id) ON DELETE CASCADE,
  points_per_spin numeric(38, 10) NOT NULL DEFAULT 0 CHECK (points_per_spin >= 0),
  seed            text,
  draws           bigint NOT NULL DEFAULT 0
);

-- A task that earns chances (spins, or word draws) in the activity's period: condition 1 the
-- deposits paid, 2 the bets placed, reaching `need`.
CREATE TABLE play_tasks (
  id          int GENERATED ALWAYS AS IDENTITY (START WITH 22001) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  condition   smallint NOT NULL CHECK (condition IN (1, 2)),
  need        numeric(38, 10) NOT NULL CHECK (need > 0),
  chances     int NOT NULL CHECK (chances > 0),
  titles      jsonb NOT NULL,
  sort        int NOT NULL DEFAULT 0
);
CREATE INDEX play_tasks_activity ON play_tasks (activity_id, sort, id);

-- A prize of a wheel, in its place on the wheel (sort), with its weight: its odds are
-- weight / the sum of the wheel's weights. amount 0 is a 'try again'.
CREATE TABLE wheel_prizes (
  id          int GENERATED ALWAYS AS IDENTITY (START WITH 22101) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  titles      jsonb NOT NULL,
  amount      numeric(38, 10) NOT NULL CHECK (amount >= 0),
  weight      int NOT NULL CHECK (weight > 0),
  sort        int NOT NULL DEFAULT 0
);
CREATE INDEX wheel_prizes_activity ON wheel_prizes (activity_id, sort, id);

-- A word of a collection, with its weight (odds weight / the sum of the activity's weights).
CREATE TABLE play_words (
  id          int GENERATED ALWAYS AS IDENTITY (START WITH 22201) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  word        text NOT NULL,
  weight      int NOT NULL CHECK (weight > 0),
  sort        int NOT NULL DEFAULT 0
);
CREATE INDEX play_words_activity ON play_words (activity_id, sort, id);

-- A set of a collection: one of each word of the activity exchanges for `amount`.
CREATE TABLE play_word_groups (
  id          int GENERATED ALWAYS AS IDENTITY (START WITH 22301) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  titles      jsonb NOT NULL,
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0)
);

-- A chance spent: the n-th (seq) of the player in the period. The unique key is what makes a
-- repeated or concurrent spin or draw spend one chance once; prize_id or word_id says what it drew.
CREATE TABLE play_draws (
  id          bigint GENERATED ALWAYS AS IDENTITY (START WITH 220000001) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  period_key  text NOT NULL,
  seq         int NOT NULL CHECK (seq >= 1),
  prize_id    int REFERENCES wheel_prizes (id) ON DELETE CASCADE,
  word_id     int REFERENCES play_words (id) ON DELETE CASCADE,
  amount      numeric(38, 10) NOT NULL DEFAULT 0 CHECK (amount >= 0),
  currency    text NOT NULL,
  created_at  timestamptz NOT NULL,
  UNIQUE (activity_id, player_id, period_key, seq),
  CHECK ((prize_id IS NULL) <> (word_id IS NULL))
);
CREATE INDEX play_draws_activity ON play_draws (activity_id, created_at DESC, id DESC);

-- The words a player holds (drawn less those exchanged); never below 0.
CREATE TABLE play_word_holdings (
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  word_id     int NOT NULL REFERENCES play_words (id) ON DELETE CASCADE,
  count       int NOT NULL CHECK (count >= 0),
  PRIMARY KEY (activity_id, player_id, word_id)
);

-- A set exchanged, and what it paid.
CREATE TABLE play_word_exchanges (
  id          bigint GENERATED ALWAYS AS IDENTITY (START WITH 223000001) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  group_id    int NOT NULL REFERENCES play_word_groups (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0),
  currency    text NOT NULL,
  created_at  timestamptz NOT NULL
);
