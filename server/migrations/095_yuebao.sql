-- Savings (yuebao, spec screens §3 yuebao entity, calls §7.7; server/calls/yuebao.ts).
--
-- A site's savings terms: the switch, the year rate (percent) and the least amount moved in or
-- out. A site without a row has the defaults (switch on, 7.3 % a year, 1 in and out).
CREATE TABLE yuebao_settings (
  site_code     text PRIMARY KEY REFERENCES sites (code) ON DELETE CASCADE,
  switch_status smallint NOT NULL DEFAULT 1 CHECK (switch_status IN (0, 1)),
  year_rate     numeric(9, 4) NOT NULL DEFAULT 7.3 CHECK (year_rate >= 0),
  min_in        numeric(38, 10) NOT NULL DEFAULT 1 CHECK (min_in > 0),
  min_out       numeric(38, 10) NOT NULL DEFAULT 1 CHECK (min_out > 0)
);

-- A player's savings account, in the player's currency. principal is the savings balance,
-- unclaimed the interest accrued and not received, accrued_through the last day (of the site's
-- calendar) whose interest is counted. Both balances can never go below zero.
CREATE TABLE yuebao_accounts (
  player_id       bigint PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  currency        text NOT NULL REFERENCES currencies (code),
  principal       numeric(38, 10) NOT NULL DEFAULT 0 CHECK (principal >= 0),
  unclaimed       numeric(38, 10) NOT NULL DEFAULT 0 CHECK (unclaimed >= 0),
  total_income    numeric(38, 10) NOT NULL DEFAULT 0 CHECK (total_income >= 0),
  accrued_through date NOT NULL,
  -- The day the newest interest was accrued for, and how much it was (the "yesterday" figure).
  last_income_day date,
  last_income     numeric(38, 10) NOT NULL DEFAULT 0,
  pop_shown       boolean NOT NULL DEFAULT false
);

-- Every savings movement: 1 saved (transfer-in), 2 capital taken out, 3 interest taken out,
-- 5 interest received (profit). A request id makes a movement happen once.
CREATE TABLE yuebao_records (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  type       smallint NOT NULL CHECK (type IN (1, 2, 3, 5)),
  amount     numeric(38, 10) NOT NULL CHECK (amount > 0),
  principal  numeric(38, 10) NOT NULL CHECK (principal >= 0),
  request_id text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (player_id, request_id)
);
CREATE INDEX yuebao_records_player_time ON yuebao_records (player_id, created_at, id);
