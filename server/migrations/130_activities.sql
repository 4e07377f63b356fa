-- The event centre (spec screens §2 /home/event/index, /home/event/detail/{template}/{eventId};
-- §3 event categories; calls §7.4 category, get, announcement, my_logs, receive, receiveall,
-- getByTemplate, customPageList, quickList, is_show; server/calls/activities.ts).
--
-- Titles and rules are per language (a JSON object keyed by the lobby's language codes; the
-- site's language, then English, answer a language without its own text).

-- The promotion modules a site runs (/active/is_show): the event centre, tasks, rebate, awards.
CREATE TABLE activity_modules (
  site_code text PRIMARY KEY REFERENCES sites (code) ON DELETE CASCADE,
  task      boolean NOT NULL DEFAULT true,
  rebate    boolean NOT NULL DEFAULT true,
  award     boolean NOT NULL DEFAULT true
);

CREATE TABLE activity_categories (
  id          int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code   text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  names       jsonb NOT NULL,
  sort_number int NOT NULL DEFAULT 0
);
CREATE INDEX activity_categories_site ON activity_categories (site_code, sort_number, id);

-- An activity. type, period, status, condition, reward_mode and distribution are the spec's
-- enumerations. turnover_multiple: what a received reward must be bet (0 none). receive_hours:
-- for distribution 3 (self-collect, expiring), how long after its period ends a reward may still
-- be received; distribution 2 keeps a reward receivable until the activity ends.
CREATE TABLE activities (
  id                int GENERATED ALWAYS AS IDENTITY (START WITH 7001) PRIMARY KEY,
  site_code         text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  category_id       int NOT NULL REFERENCES activity_categories (id) ON DELETE CASCADE,
  type              smallint NOT NULL CHECK (type IN (1, 2, 3, 5, 7, 10, 12, 14, 15, 16, 17, 18, 20, 21, 22)),
  template          text NOT NULL CHECK (template ~ '^[a-z0-9-]{1,40}$'),
  titles            jsonb NOT NULL,
  contents          jsonb NOT NULL,
  img_id            text NOT NULL DEFAULT '',
  img_url           text NOT NULL DEFAULT '',
  period            smallint NOT NULL CHECK (period IN (0, 1, 2)),
  status            smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 0 AND 4),
  start_at          timestamptz NOT NULL,
  end_at            timestamptz NOT NULL CHECK (end_at > start_at),
  condition         smallint NOT NULL CHECK (condition IN (0, 1, 2)),
  reward_mode       smallint NOT NULL DEFAULT 0 CHECK (reward_mode IN (0, 1)),
  distribution      smallint NOT NULL DEFAULT 2 CHECK (distribution IN (2, 3, 4, 5)),
  turnover_multiple numeric(12, 4) NOT NULL DEFAULT 0 CHECK (turnover_multiple >= 0),
  receive_hours     int NOT NULL DEFAULT 0 CHECK (receive_hours >= 0),
  sort              int NOT NULL DEFAULT 0,
  UNIQUE (site_code, template)
);
CREATE INDEX activities_site ON activities (site_code, category_id, sort, id);

-- A tier: what it needs (an amount, a loss, a number of friends, or the check-in day) and what it
-- gives (a fixed amount, or a rate in percent of the progress when the activity's mode is 1).
CREATE TABLE activity_tiers (
  id          int GENERATED ALWAYS AS IDENTITY (START WITH 90001) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  level       smallint CHECK (level IN (0, 1, 2)),
  titles      jsonb NOT NULL,
  need        numeric(38, 10) NOT NULL CHECK (need >= 0),
  value       numeric(38, 10) NOT NULL CHECK (value > 0),
  sort        int NOT NULL DEFAULT 0
);
CREATE INDEX activity_tiers_activity ON activity_tiers (activity_id, sort, id);

-- A reward paid: one per player, tier and period (the unique key is what makes a repeated or
-- concurrent receive pay nothing). status 2 received by the player, 4 dispatched by the hall.
CREATE TABLE activity_claims (
  id          bigint GENERATED ALWAYS AS IDENTITY (START WITH 880000001) PRIMARY KEY,
  activity_id int NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  tier_id     int NOT NULL REFERENCES activity_tiers (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  period_key  text NOT NULL,
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0),
  currency    text NOT NULL,
  status      smallint NOT NULL CHECK (status IN (2, 4)),
  created_at  timestamptz NOT NULL,
  UNIQUE (activity_id, tier_id, player_id, period_key)
);
CREATE INDEX activity_claims_player ON activity_claims (player_id, activity_id, created_at DESC, id DESC);
CREATE INDEX activity_claims_activity ON activity_claims (activity_id, created_at DESC, id DESC);

-- Who invited a player (the promote and proxy activities count a player's invitees). The agent
-- issue's registration by link fills it; the control surface sets it in tests.
ALTER TABLE players ADD COLUMN invited_by bigint REFERENCES players (id) ON DELETE SET NULL;
CREATE INDEX players_invited_by ON players (invited_by) WHERE invited_by IS NOT NULL;

-- The event list's custom pages (operator HTML, sanitized by the lobby).
CREATE TABLE activity_pages (
  id        int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  titles    jsonb NOT NULL,
  contents  jsonb NOT NULL,
  img_url   text NOT NULL DEFAULT '',
  sort      int NOT NULL DEFAULT 0
);
