-- The task centre (spec screens §2 global popup task, /home/event/task, the system menu's task
-- entry; calls §7.10 vitality/boxs, index, task, getprize, getprizeall, vitality/revBox,
-- task_save_address; enumerations task types, conditions, item states; server/tasks.ts).
--
-- A task is a rule over what the player did, which the hall reads from its store (a bound phone,
-- a paid deposit, the bets of game rounds, a set avatar ...), never a flag the lobby sends.
-- Titles are per language (a JSON object keyed by the lobby's language codes).

-- A site's tasks. template: the group ('newcomer': one-off tasks, period Signal 0; 'daily': tasks
-- of the site's calendar day, period Daily 1). task_type: the spec's task types (0 with a
-- condition for a recharge or bet task). condition: none 0, recharge 1 (the day's paid deposits
-- reach need), betting 2 (the day's bets reach need), betting-one 3 (one bet of the day reaches
-- need). reward: what its prize pays; vitality: what receiving it adds to the day's vitality.
-- opens_at: before it the task is UnOpen 99. expire_days: a newcomer task is open this many days
-- from the player's registration, then Expired 2 unless received (null: never expires).
CREATE TABLE tasks (
  id                int GENERATED ALWAYS AS IDENTITY (START WITH 3001) PRIMARY KEY,
  site_code         text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  template          text NOT NULL CHECK (template IN ('newcomer', 'daily')),
  task_type         smallint NOT NULL CHECK (task_type IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24)),
  condition         smallint NOT NULL DEFAULT 0 CHECK (condition IN (0, 1, 2, 3)),
  titles            jsonb NOT NULL,
  need              numeric(38, 10) NOT NULL DEFAULT 1 CHECK (need > 0),
  reward            numeric(38, 10) NOT NULL CHECK (reward > 0),
  vitality          int NOT NULL DEFAULT 0 CHECK (vitality >= 0),
  turnover_multiple numeric(12, 4) NOT NULL DEFAULT 1 CHECK (turnover_multiple >= 0),
  opens_at          timestamptz,
  expire_days       int CHECK (expire_days > 0),
  sort              int NOT NULL DEFAULT 0,
  CHECK ((template = 'daily') = (condition > 0))
);
CREATE INDEX tasks_site ON tasks (site_code, template, sort, id);

-- A task's prize received: once per player and period ('all' for a newcomer task, the day
-- 'YYYY-MM-DD' of the site's calendar for a daily one). The unique key is what makes a repeated
-- or concurrent receive or receive-all pay nothing twice. day_key: the calendar day it was
-- received on (the vitality it adds counts for that day).
CREATE TABLE task_claims (
  id         bigint GENERATED ALWAYS AS IDENTITY (START WITH 660000001) PRIMARY KEY,
  task_id    int NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  period_key text NOT NULL,
  day_key    text NOT NULL,
  amount     numeric(38, 10) NOT NULL CHECK (amount > 0),
  vitality   int NOT NULL DEFAULT 0,
  currency   text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (task_id, player_id, period_key)
);
CREATE INDEX task_claims_player ON task_claims (player_id, day_key);

-- A site's vitality boxes: the day's vitality a box needs, and its prize.
CREATE TABLE vitality_boxes (
  id        int GENERATED ALWAYS AS IDENTITY (START WITH 401) PRIMARY KEY,
  site_code text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  need      int NOT NULL CHECK (need > 0),
  reward    numeric(38, 10) NOT NULL CHECK (reward > 0),
  sort      int NOT NULL DEFAULT 0
);
CREATE INDEX vitality_boxes_site ON vitality_boxes (site_code, sort, id);

-- A box opened: once per player and day.
CREATE TABLE vitality_claims (
  id         bigint GENERATED ALWAYS AS IDENTITY (START WITH 670000001) PRIMARY KEY,
  box_id     int NOT NULL REFERENCES vitality_boxes (id) ON DELETE CASCADE,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  day_key    text NOT NULL,
  amount     numeric(38, 10) NOT NULL CHECK (amount > 0),
  currency   text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (box_id, player_id, day_key)
);

-- The saved task addresses (screens §2: the root URL's saveUrlUuid, reported for a signed-in
-- player with actionType 2): once per player and address.
CREATE TABLE task_addresses (
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  address     text NOT NULL,
  action_type smallint NOT NULL CHECK (action_type = 2),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (player_id, address)
);
