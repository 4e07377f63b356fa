-- Promotion links and tracking (spec calls §7.3 /promote/binding/reportview, reportclick,
-- /promote/point/get; screens §3 buried config). docs/hall-protocol.md, "Promotion arrivals".

-- A visitor's arrival by an invite link (?id=, the promoter) or a channel link (?cid=): one row
-- per arrival. An arrival is the site, the visitor's device, the link (kind and value) and the
-- address it opened; the same arrival reported again within 30 minutes of its last report (a
-- reload, a second tab) only counts a repeat. `kind` 'view' is reportview, 'click' reportclick.
CREATE TABLE promotion_arrivals (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code      text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('view', 'click')),
  link_kind      text NOT NULL CHECK (link_kind IN ('id', 'cid')),
  link_value     text NOT NULL,
  promoter_info  jsonb NOT NULL,
  access_url     text NOT NULL,
  visitor_device text NOT NULL,
  -- The player signed in when the report came, or NULL for a visitor.
  player_id      bigint REFERENCES players (id) ON DELETE SET NULL,
  ip             text NOT NULL DEFAULT '',
  repeats        integer NOT NULL DEFAULT 0,
  first_at       timestamptz NOT NULL,
  last_at        timestamptz NOT NULL
);

CREATE INDEX promotion_arrivals_key ON promotion_arrivals (site_code, kind, visitor_device, link_kind, link_value, access_url, last_at);
CREATE INDEX promotion_arrivals_link ON promotion_arrivals (site_code, link_kind, link_value, first_at);

-- The buried (tracking) config of screens §3: per site, the tags and pixels a channel (idx_type
-- 1), a parent agent (2) or a player (3, the player's own id) runs. category 1 Google (type 1
-- gtag, 2 gtm), 2 Facebook pixel, 3 Kwai pixel, 4 TikTok pixel; gid the tag or pixel id.
CREATE TABLE buried_points (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  idx_type  smallint NOT NULL CHECK (idx_type IN (1, 2, 3)),
  idx       text NOT NULL,
  category  smallint NOT NULL CHECK (category IN (1, 2, 3, 4)),
  type      smallint NOT NULL DEFAULT 1 CHECK (type IN (1, 2)),
  gid       text NOT NULL,
  sort      integer NOT NULL DEFAULT 0
);

CREATE INDEX buried_points_idx ON buried_points (site_code, idx_type, idx, sort);

-- What the reference hall's stand-in pixel scripts (server/promotion.ts) saw: one row per hit a
-- loaded tag or pixel sent (its page view, an event), so a test or a demo reads what a real
-- advertising network would have received. Never filled by a production pixel host.
CREATE TABLE pixel_hits (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pixel      text NOT NULL,
  pixel_id   text NOT NULL,
  event      text NOT NULL,
  page_url   text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX pixel_hits_pixel ON pixel_hits (pixel, pixel_id, created_at);
