-- VIP rewards (spec screens §2 VIP screen, §3 VIP settings and rewards, §4 reward statuses;
-- calls §7.11 /user/vipdetails, /user/vip, /user/giftRecv1; reward codes promotion 13001,
-- week 13002, month 13003, day 13004).
--
-- Each level of the ladder (vip_levels, migration 060) gives its rewards: the promotion gift
-- (vip_gift) once when the level is reached, and a day, week and month bonus once per period
-- of the site's calendar (time zone; the week from Monday) while the player holds the level,
-- when the deposit and bet of that period reach the level's day/week/month needs. An amount of
-- 0 means the level does not give that reward. A reward received adds a turnover requirement of
-- turnover_multiple times its amount.
--
-- A claim's primary key (player, level, reward code, period) is taken first inside the receive
-- transaction, so a repeated or concurrent receive or receive-all pays nothing twice.

ALTER TABLE vip_levels
  ADD COLUMN icon_color    text NOT NULL DEFAULT '#9aa4b2',
  ADD COLUMN vip_gift      numeric(38, 10) NOT NULL DEFAULT 0 CHECK (vip_gift >= 0),
  ADD COLUMN day_bonus     numeric(38, 10) NOT NULL DEFAULT 0 CHECK (day_bonus >= 0),
  ADD COLUMN week_bonus    numeric(38, 10) NOT NULL DEFAULT 0 CHECK (week_bonus >= 0),
  ADD COLUMN month_bonus   numeric(38, 10) NOT NULL DEFAULT 0 CHECK (month_bonus >= 0),
  ADD COLUMN day_deposit   numeric(38, 10) NOT NULL DEFAULT 0 CHECK (day_deposit >= 0),
  ADD COLUMN day_bet       numeric(38, 10) NOT NULL DEFAULT 0 CHECK (day_bet >= 0),
  ADD COLUMN week_deposit  numeric(38, 10) NOT NULL DEFAULT 0 CHECK (week_deposit >= 0),
  ADD COLUMN week_bet      numeric(38, 10) NOT NULL DEFAULT 0 CHECK (week_bet >= 0),
  ADD COLUMN month_deposit numeric(38, 10) NOT NULL DEFAULT 0 CHECK (month_deposit >= 0),
  ADD COLUMN month_bet     numeric(38, 10) NOT NULL DEFAULT 0 CHECK (month_bet >= 0);

UPDATE vip_levels SET icon_color = c, vip_gift = g, day_bonus = d, week_bonus = w, month_bonus = m, week_bet = wb, month_bet = mb
FROM (VALUES
  (0, '#9aa4b2', 0, 0, 0, 0, 0, 0),
  (1, '#7fb3d5', 8, 1, 5, 10, 0, 0),
  (2, '#52be80', 18, 2, 10, 28, 0, 0),
  (3, '#f4d03f', 58, 5, 28, 88, 500, 2000),
  (4, '#eb984e', 128, 8, 58, 188, 1000, 5000),
  (5, '#e74c3c', 288, 12, 88, 388, 2000, 10000),
  (6, '#af7ac5', 588, 18, 128, 588, 5000, 20000),
  (7, '#5dade2', 1288, 28, 188, 888, 10000, 50000),
  (8, '#48c9b0', 2888, 38, 288, 1888, 20000, 100000),
  (9, '#f5b041', 5888, 58, 588, 3888, 50000, 200000),
  (10, '#cb4335', 12888, 88, 888, 8888, 100000, 500000)
) AS v (lvl, c, g, d, w, m, wb, mb)
WHERE level = lvl;

-- The ladder's rules (operator HTML, one for every site), whether levels must be kept
-- (keepLevelStatus; the reference hall never demotes) and the turnover a reward asks.
CREATE TABLE vip_config (
  id                smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  rule              text NOT NULL,
  keep_level_status smallint NOT NULL DEFAULT 0 CHECK (keep_level_status IN (0, 1)),
  turnover_multiple numeric(8, 2) NOT NULL DEFAULT 1 CHECK (turnover_multiple >= 0)
);

INSERT INTO vip_config (rule, keep_level_status, turnover_multiple) VALUES (
  '<p>Your VIP level rises when your total deposits and your total bets both reach the next level''s needs.</p>'
  || '<p>Each level gives a promotion gift once, when you reach it, and a day, week and month bonus once per period while you hold it (some bonuses ask for bets in that period).</p>'
  || '<p>Periods follow the site''s calendar; a bonus not received before its period ends is lost. Every reward must be bet once before it can be withdrawn.</p>',
  0, 1);

CREATE TABLE vip_claims (
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  level       integer NOT NULL REFERENCES vip_levels (level),
  reward_type integer NOT NULL CHECK (reward_type IN (13001, 13002, 13003, 13004)),
  period_key  text NOT NULL,
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0),
  currency    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, level, reward_type, period_key)
);
