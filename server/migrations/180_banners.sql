-- The home page's banner carousel (spec screens §2 home; calls §7.3 GET /message/banner/index,
-- "data list"; location types none 1, external url 2, event 3, task 4, recharge 5, cashback 6,
-- promote 7, vip 8, club 9, yuebao 10). Each banner belongs to a site; its picture is an SVG the
-- hall draws from the banner's title and colours (server/banners.ts), served under
-- /hall/static/banners/<site>/<id>.svg. jump_window 1 opens an external url in a new window, 0 in
-- the lobby's iframe popup. A new store's sites get the seeded banners from server/seed.ts
-- (seedBanners); the sites of an older store get the same rows here.
CREATE TABLE banners (
  id                integer GENERATED ALWAYS AS IDENTITY (START WITH 101) PRIMARY KEY,
  site_code         text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  title             text NOT NULL,
  subtitle          text NOT NULL DEFAULT '',
  colour_from       text NOT NULL DEFAULT '#1e6cff' CHECK (colour_from ~ '^#[0-9a-fA-F]{6}$'),
  colour_to         text NOT NULL DEFAULT '#7b3fe4' CHECK (colour_to ~ '^#[0-9a-fA-F]{6}$'),
  location_type     smallint NOT NULL DEFAULT 1 CHECK (location_type BETWEEN 1 AND 10),
  location_value    text NOT NULL DEFAULT '',
  location_template text NOT NULL DEFAULT '',
  jump_window       smallint NOT NULL DEFAULT 0 CHECK (jump_window IN (0, 1)),
  sort              integer NOT NULL DEFAULT 0,
  enabled           boolean NOT NULL DEFAULT true
);
CREATE INDEX banners_site ON banners (site_code, sort);

INSERT INTO banners (site_code, title, subtitle, colour_from, colour_to, location_type, location_value, sort)
SELECT s.code, b.title, b.subtitle, b.colour_from, b.colour_to, b.location_type, '', b.sort
FROM sites s
CROSS JOIN (VALUES
  ('Welcome bonus', 'Your first deposit counts double', '#1e6cff', '#7b3fe4', 3, 1),
  ('Deposit now', 'Top up in seconds', '#ff7a00', '#ef4444', 5, 2),
  ('VIP club', 'Climb the levels, collect the rewards', '#0f766e', '#16b978', 8, 3),
  ('Invite friends', 'Earn for every friend who joins', '#a16207', '#f59e0b', 7, 4)
) AS b (title, subtitle, colour_from, colour_to, location_type, sort);

-- The footer (calls §7.3 GET /api/lobby/footerConfig/getInfo): licences, payment methods and game
-- providers beside the link columns. Logos are drawn by the hall (/hall/static/logos/<slug>.svg).
UPDATE site_documents SET doc = doc || jsonb_build_object(
  'licenses', jsonb_build_array(
    jsonb_build_object('name', 'Demonstration licence', 'logo', '/hall/static/logos/licence.svg', 'url', ''),
    jsonb_build_object('name', '18+', 'logo', '/hall/static/logos/18plus.svg', 'url', '')
  ),
  'payments', jsonb_build_array(
    jsonb_build_object('name', 'Pix', 'logo', '/hall/static/logos/pix.svg'),
    jsonb_build_object('name', 'Bank transfer', 'logo', '/hall/static/logos/bank-transfer.svg'),
    jsonb_build_object('name', 'USDT', 'logo', '/hall/static/logos/usdt.svg')
  ),
  'partners', jsonb_build_array(jsonb_build_object('name', 'Responsible gaming', 'logo', '/hall/static/logos/responsible-gaming.svg'))
)
WHERE name = 'footerConfig';
