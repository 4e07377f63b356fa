-- Install records (spec calls §7.3 /pwa/arguments/upLoadpwaStatistic): the lobby uploads one
-- when a player accepts the browser's install prompt (add to home screen). channel_type is 1 and
-- upload_type 2 in every record the spec shows; they are kept as sent.

CREATE TABLE pwa_installs (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code        text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  -- The player signed in when the record came, or NULL for a visitor.
  player_id        bigint REFERENCES players (id) ON DELETE SET NULL,
  currency         text NOT NULL,
  channel_name     text NOT NULL DEFAULT '',
  channel_type     smallint NOT NULL,
  visitor_deviceid text NOT NULL,
  upload_type      smallint NOT NULL,
  created_at       timestamptz NOT NULL
);

CREATE INDEX pwa_installs_site ON pwa_installs (site_code, created_at);
