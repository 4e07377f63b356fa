-- Third-party sign-in and the trial account's conversion (server/thirdparty.ts,
-- server/calls/thirdparty.ts; screens §4 third-party login, §3 userOptResult 4).

-- The reference hall's stand-in identity providers (Google, Facebook, WeChat, QQ): each a local
-- OAuth 2.0 provider on the hall's own origin. Their accounts (a subject per email), the
-- authorization codes and the access tokens they issued, codes and tokens stored as SHA-256
-- hashes only (a read of the store gives nothing to sign in with).
CREATE TABLE oauth_accounts (
  provider   text NOT NULL,
  subject    text NOT NULL,
  email      text NOT NULL,
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject),
  UNIQUE (provider, email)
);

CREATE TABLE oauth_codes (
  code_hash      text PRIMARY KEY,
  provider       text NOT NULL,
  subject        text NOT NULL,
  client_id      text NOT NULL,
  redirect_uri   text NOT NULL,
  code_challenge text NOT NULL,
  expires_at     timestamptz NOT NULL
);

CREATE TABLE oauth_tokens (
  token_hash text PRIMARY KEY,
  provider   text NOT NULL,
  subject    text NOT NULL,
  client_id  text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A player's third-party accounts (thirdpartyregister, thirduser/bind): one per provider type
-- (requester_type: google 1, facebook 2, wechat 4, qq 5), and a provider's account belongs to one
-- player of a site. The email is the provider's (shown masked).
CREATE TABLE player_third_accounts (
  player_id      bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  site_code      text NOT NULL,
  requester_type smallint NOT NULL,
  subject        text NOT NULL,
  email          text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, requester_type),
  UNIQUE (site_code, requester_type, subject)
);

-- When a trial account became a registered one (null: never a trial, or still one).
ALTER TABLE players ADD COLUMN trial_converted_at timestamptz;
