-- Money out (server/withdraw.ts, server/calls/withdraw.ts): turnover requirements (audits) and
-- the bets that met them, the player's withdraw accounts, withdraw orders, and a site's withdraw
-- settings. A withdraw order holds its amount from the balance when asked (wallet entry
-- 'withdraw-hold'), gives it back when rejected or failed ('withdraw-release') and records the
-- payout when paid ('withdraw-paid'); each in one transaction with the order's status change.

-- A turnover requirement: money credited with a bet requirement (need_bet = amount x multiple).
-- Bets of game rounds meet the oldest running requirement first (turnover_bets).
CREATE TABLE turnover_requirements (
  id          bigint GENERATED ALWAYS AS IDENTITY (START WITH 5000001) PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  currency    text NOT NULL REFERENCES currencies (code),
  source      text NOT NULL CHECK (source IN ('deposit', 'bonus', 'activity', 'task', 'vip', 'rebate', 'manual')),
  title       text NOT NULL DEFAULT '',
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0),
  multiple    numeric(12, 4) NOT NULL CHECK (multiple > 0),
  need_bet    numeric(38, 10) NOT NULL CHECK (need_bet > 0),
  done_bet    numeric(38, 10) NOT NULL DEFAULT 0 CHECK (done_bet >= 0 AND done_bet <= need_bet),
  status      smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)), -- 0 running, 1 done, 2 cancelled
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX turnover_requirements_running ON turnover_requirements (player_id, currency, id) WHERE status = 0;
CREATE INDEX turnover_requirements_player ON turnover_requirements (player_id, created_at, id);

-- The valid bet of a round that counted towards a requirement (a round may be split over two).
CREATE TABLE turnover_bets (
  requirement_id bigint NOT NULL REFERENCES turnover_requirements (id) ON DELETE CASCADE,
  round_id       bigint NOT NULL REFERENCES game_rounds (id) ON DELETE CASCADE,
  valid_bet      numeric(38, 10) NOT NULL CHECK (valid_bet > 0),
  PRIMARY KEY (requirement_id, round_id)
);

-- Where a player withdraws to. The full number is kept for the payout; answers mask it. A
-- deleted account stays (orders point at it) but can no longer be chosen.
CREATE TABLE withdraw_accounts (
  id         bigint GENERATED ALWAYS AS IDENTITY (START WITH 100001) PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('bank', 'ewallet', 'crypto', 'wallet')),
  name       text NOT NULL,
  code       text NOT NULL,
  network    text NOT NULL DEFAULT '',
  account_no text NOT NULL,
  holder     text NOT NULL DEFAULT '',
  cpf        text NOT NULL DEFAULT '',
  currency   text NOT NULL REFERENCES currencies (code),
  is_default boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX withdraw_accounts_one_default ON withdraw_accounts (player_id) WHERE is_default AND deleted_at IS NULL;
CREATE UNIQUE INDEX withdraw_accounts_once ON withdraw_accounts (player_id, kind, code, network, account_no) WHERE deleted_at IS NULL;

-- A withdrawal. request_id makes a request idempotent: the same id answers the same order.
CREATE TABLE withdraw_orders (
  id            bigint GENERATED ALWAYS AS IDENTITY (START WITH 7000000001) PRIMARY KEY,
  player_id     bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  request_id    text NOT NULL,
  account_id    bigint NOT NULL REFERENCES withdraw_accounts (id),
  currency      text NOT NULL REFERENCES currencies (code),
  amount        numeric(38, 10) NOT NULL CHECK (amount > 0),
  fee           numeric(38, 10) NOT NULL CHECK (fee >= 0 AND fee < amount),
  speed         smallint NOT NULL CHECK (speed IN (1, 2, 3)),
  status        smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 5), -- 0 reviewing, 1 approved, 2 paid, 3 rejected, 4 failed, 5 cancelled
  reason        text NOT NULL DEFAULT '',
  steps         jsonb NOT NULL DEFAULT '[]',
  created_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  UNIQUE (player_id, request_id)
);
CREATE INDEX withdraw_orders_player ON withdraw_orders (player_id, created_at, id);

-- A site's withdraw settings: everything closed, or some kinds, with the notice shown; the SMS
-- step; the daily allowance. A site without a row has the defaults.
CREATE TABLE withdraw_site_settings (
  site_code        text PRIMARY KEY REFERENCES sites (code) ON DELETE CASCADE,
  closed           boolean NOT NULL DEFAULT false,
  closed_kinds     text[] NOT NULL DEFAULT '{}',
  message          text NOT NULL DEFAULT '',
  need_sms         boolean NOT NULL DEFAULT false,
  daily_times      integer NOT NULL DEFAULT 5 CHECK (daily_times >= 0),
  daily_max_amount numeric(38, 10) NOT NULL DEFAULT 1000000 CHECK (daily_max_amount >= 0)
);

-- Proofs of payment a channel asks for (uploadpay): the image itself, at most 2 MB.
CREATE TABLE withdraw_proofs (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id    bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  order_id     bigint REFERENCES withdraw_orders (id) ON DELETE CASCADE,
  file_name    text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  data         bytea NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 2097152),
  created_at   timestamptz NOT NULL DEFAULT now()
);
