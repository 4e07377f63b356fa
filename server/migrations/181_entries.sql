-- The lobby's remaining entries of calls §7.3 and §7.9 (server/calls/entries.ts):
--
-- - first-use flags (/home/useFirstFlag): a flag is a player's first use once; the row records it.
-- - app downloads (/download/getDownloadUrl): the site's switch and one entry per OS type
--   (site document 'download').
-- - the club entry (/club/entry): whether the site runs a club, where, and the app it needs
--   (site document 'club'; off by default: the reference hall runs no club).
-- - web push (/api/lobby/webPush/getInfo, /api/lobby/webPush/register): the site's switch (site
--   document 'webPush'), its VAPID key pair (made by the hall on first use: SQL cannot make an EC
--   key) and the browsers' subscriptions (jpushWebId: the Push API subscription as JSON).
-- A new store's sites get the documents from server/seed.ts; the sites of an older store here.
CREATE TABLE player_first_flags (
  player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  flag      text NOT NULL CHECK (flag ~ '^[A-Za-z][A-Za-z0-9_-]{0,31}$'),
  first_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, flag)
);

CREATE TABLE web_push_keys (
  site_code   text PRIMARY KEY REFERENCES sites (code) ON DELETE CASCADE,
  public_key  text NOT NULL,
  private_key text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE web_push_subscriptions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code   text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  player_id   bigint REFERENCES players (id) ON DELETE CASCADE,
  endpoint    text NOT NULL,
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_code, endpoint)
);
CREATE INDEX web_push_subscriptions_player ON web_push_subscriptions (player_id);

INSERT INTO site_documents (site_code, name, doc)
SELECT s.code, 'download', jsonb_build_object(
  'downloadSwitch', 'open',
  'list', jsonb_build_array(
    jsonb_build_object('osType', 1, 'url', 'https://apps.apple.com/app/lobby-' || s.code, 'version', '1.0.0'),
    jsonb_build_object('osType', 2, 'url', 'https://play.google.com/store/apps/details?id=lobby.site' || s.code, 'version', '1.0.0')
  )
)
FROM sites s
ON CONFLICT DO NOTHING;

INSERT INTO site_documents (site_code, name, doc)
SELECT s.code, 'club', jsonb_build_object('clubSwitch', 'close', 'url', '', 'appDownloadUrl', 'https://play.google.com/store/apps/details?id=lobby.site' || s.code)
FROM sites s
ON CONFLICT DO NOTHING;

INSERT INTO site_documents (site_code, name, doc)
SELECT s.code, 'webPush', jsonb_build_object('status', 'close')
FROM sites s
ON CONFLICT DO NOTHING;
