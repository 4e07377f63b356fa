-- Badges (spec screens §2, §3): the site's highest deposit bonus rate (/home/maxChargeRate
-- charge_rate, the recharge badge) and each player's counters the hall has no other table for
-- (unread messages, notices and announcements; task, rebate and award red dots). The activity
-- red dot is derived from the running red-packet activities of the site.

ALTER TABLE sites ADD COLUMN max_charge_rate numeric(10, 4) NOT NULL DEFAULT 10 CHECK (max_charge_rate >= 0);

CREATE TABLE player_counters (
  player_id           bigint PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  unread_message      integer NOT NULL DEFAULT 0 CHECK (unread_message >= 0),
  unread_notice       integer NOT NULL DEFAULT 0 CHECK (unread_notice >= 0),
  unread_announcement integer NOT NULL DEFAULT 0 CHECK (unread_announcement >= 0),
  task_count          integer NOT NULL DEFAULT 0 CHECK (task_count >= 0),
  task_amount         numeric(38, 10) NOT NULL DEFAULT 0,
  return_count        integer NOT NULL DEFAULT 0 CHECK (return_count >= 0),
  return_amount       numeric(38, 10) NOT NULL DEFAULT 0,
  reward_count        integer NOT NULL DEFAULT 0 CHECK (reward_count >= 0),
  reward_amount       numeric(38, 10) NOT NULL DEFAULT 0
);
