-- The reference hall's store: sites and their configuration, players, wallets, sessions and the
-- replay-protection nonces. Plain PostgreSQL, so the same migrations run on PGlite (embedded) and
-- on a PostgreSQL server.

CREATE TABLE currencies (
  code          text PRIMARY KEY,
  currency_type smallint NOT NULL CHECK (currency_type IN (1, 2)), -- 1 fiat, 2 crypto
  display       text NOT NULL,
  market_code   text NOT NULL,
  sign          text NOT NULL,
  scale         smallint NOT NULL CHECK (scale BETWEEN 0 AND 10)   -- decimals shown
);

CREATE TABLE sites (
  code              text PRIMARY KEY,
  name              text NOT NULL,
  site_key          text NOT NULL,
  is_default        boolean NOT NULL DEFAULT false,
  host_names        text[] NOT NULL DEFAULT '{}',
  language_code     text NOT NULL,
  currency_code     text NOT NULL REFERENCES currencies (code),
  time_zone         text NOT NULL,
  skin_type         integer NOT NULL,
  theme_type        integer NOT NULL CHECK (theme_type BETWEEN 1 AND 7),
  maintain_status   integer NOT NULL DEFAULT 0,
  site_maintenance  boolean NOT NULL DEFAULT false,
  area_open         boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sites_single_default ON sites (is_default) WHERE is_default;

CREATE TABLE site_languages (
  site_code      text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  language_code  text NOT NULL,
  translate_name text NOT NULL,
  sort           integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_code, language_code)
);

CREATE TABLE site_currencies (
  site_code     text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  currency_code text NOT NULL REFERENCES currencies (code),
  sort          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (site_code, currency_code)
);

-- Configuration documents a site serves as they are (system info switches, brand logo, footer,
-- banners, layout lists ...): their shapes are the call schemas in schemas/hall/calls.
CREATE TABLE site_documents (
  site_code  text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  name       text NOT NULL,
  doc        jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_code, name)
);

CREATE TABLE players (
  id              bigint GENERATED ALWAYS AS IDENTITY (START WITH 10000001) PRIMARY KEY,
  site_code       text NOT NULL REFERENCES sites (code),
  username        text NOT NULL,
  username_key    text NOT NULL,           -- lower(username): usernames are case-insensitive
  password_hash   text,                    -- null for trial (guest) accounts
  userkey         text NOT NULL UNIQUE,    -- long-lived fast-login secret
  account_type    smallint NOT NULL DEFAULT 0 CHECK (account_type IN (0, 1)), -- 1 trial
  currency        text NOT NULL REFERENCES currencies (code),
  portrait_id     integer NOT NULL DEFAULT 1,
  user_status     smallint NOT NULL DEFAULT 1 CHECK (user_status BETWEEN 1 AND 5),
  change_password smallint NOT NULL DEFAULT 0,
  has_recharged   smallint NOT NULL DEFAULT 0,
  last_game       jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_code, username_key)
);

-- Money is NUMERIC, never float; a balance can never go below zero.
CREATE TABLE wallets (
  player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  currency  text NOT NULL REFERENCES currencies (code),
  balance   numeric(38, 10) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  PRIMARY KEY (player_id, currency)
);

-- Every balance change, so a balance can be explained and audited.
CREATE TABLE wallet_entries (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  currency   text NOT NULL,
  amount     numeric(38, 10) NOT NULL,
  balance    numeric(38, 10) NOT NULL,
  kind       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token       text PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  session_key text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  ended_at    timestamptz,
  ip          text NOT NULL DEFAULT '',
  device      text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_player ON sessions (player_id);

-- Nonces seen within the timestamp window; older ones are pruned (the timestamp check refuses
-- their requests anyway).
CREATE TABLE nonces (
  nonce   text PRIMARY KEY,
  seen_at bigint NOT NULL
);
CREATE INDEX nonces_seen_at ON nonces (seen_at);
