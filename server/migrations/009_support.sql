-- Support: diagnostics uploaded by players (the 'send diagnostics' entry, netstatLogger call) and
-- the accounts of the support console. A log arrives gzip-compressed in chunks; when every chunk
-- is in, the hall assembles it, reads what support searches by (username, player id, site, time
-- range, error codes) and keeps the compressed log as it came.

CREATE TABLE support_accounts (
  username      text PRIMARY KEY,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE support_tokens (
  token      text PRIMARY KEY,
  username   text NOT NULL REFERENCES support_accounts (username) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE diagnostic_uploads (
  upload_id    text PRIMARY KEY,             -- chosen by the client, one per upload
  reference    text NOT NULL UNIQUE,         -- what the player quotes: LB-XXXX-XXXX
  site_code    text NOT NULL,
  chunk_count  integer NOT NULL CHECK (chunk_count BETWEEN 1 AND 400),
  player_id    text,                          -- the signed-in uploader, when the token names one
  created_at   timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  -- Read from the assembled log when it completes:
  session_id   text,
  app_version  text,
  language     text,
  username     text,
  usernames    text[] NOT NULL DEFAULT '{}',  -- every username signed in during the session
  started_at   timestamptz,
  ended_at     timestamptz,
  record_count integer,
  error_codes  text[] NOT NULL DEFAULT '{}',  -- service codes and error tags of failed calls
  log_gz       bytea,                         -- the NDJSON log, gzip, exactly as uploaded
  log_bytes    integer
);
CREATE INDEX diagnostic_uploads_completed ON diagnostic_uploads (completed_at DESC);

CREATE TABLE diagnostic_chunks (
  upload_id text NOT NULL REFERENCES diagnostic_uploads (upload_id) ON DELETE CASCADE,
  idx       integer NOT NULL,
  data      bytea NOT NULL,
  PRIMARY KEY (upload_id, idx)
);
