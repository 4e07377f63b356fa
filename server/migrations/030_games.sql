-- The game catalogue (spec §3 game, §7.8 games): platforms, games, each player's favourites and
-- recent games, and the rounds played on the hall's own game page. The catalogue is generated
-- here, deterministically, so every hall (and every test) has the same 10,000+ games over all
-- categories and 60+ platforms; artwork is drawn per game by the hall (server/games/art.ts).

-- Categories (spec §2 menu): chess 1, fish 2, electronic 3, real 4, sports 5, cockfighting 6,
-- lottery 8, club 9, club friend 10, blockchain 11.
CREATE TABLE game_platforms (
  id          integer PRIMARY KEY,
  name        text NOT NULL,
  category_id integer NOT NULL,
  sort        integer NOT NULL DEFAULT 0
);

CREATE TABLE games (
  id          integer PRIMARY KEY,
  name        text NOT NULL,
  name_key    text NOT NULL,
  category_id integer NOT NULL,
  platform_id integer NOT NULL REFERENCES game_platforms (id),
  -- 1 portrait, 2 landscape (spec §3 direction).
  direction   smallint NOT NULL DEFAULT 1,
  hot         integer NOT NULL DEFAULT 0,
  demo        boolean NOT NULL DEFAULT false,
  sort        integer NOT NULL DEFAULT 0
);
CREATE INDEX games_category ON games (category_id, platform_id, sort, id);
CREATE INDEX games_hot ON games (hot DESC, id);

CREATE TABLE game_favorites (
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game_id     integer NOT NULL REFERENCES games (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, game_id)
);

CREATE TABLE game_recent (
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game_id     integer NOT NULL REFERENCES games (id),
  played_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, game_id)
);

-- A round on the hall's game page: the bet and the win are moved with the wallet in one transaction.
CREATE TABLE game_rounds (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  game_id     integer NOT NULL REFERENCES games (id),
  currency    text NOT NULL,
  bet         numeric(38, 10) NOT NULL CHECK (bet > 0),
  win         numeric(38, 10) NOT NULL CHECK (win >= 0),
  balance     numeric(38, 10) NOT NULL CHECK (balance >= 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- 72 platforms: per category a block; 13 is the self-operated platform (spec §9), 136 the sports
-- provider, 14, 37, 68 and 134 the ones sites 101 and 081 inject.
INSERT INTO game_platforms (id, name, category_id, sort)
SELECT p.id, p.name, p.cat, p.id FROM (VALUES
  (13, 'Lobby Originals', 3), (14, 'Pragmatic Spin', 3), (37, 'Jili Reels', 3), (134, 'PG Wonders', 3),
  (68, 'Evo Live', 4), (136, 'Sportsbook 136', 5)
) AS p(id, name, cat);
INSERT INTO game_platforms (id, name, category_id, sort)
SELECT 200 + c.n * 10 + k,
       (ARRAY['Aurora','Blaze','Cobalt','Dynasty','Echo','Falcon','Golden','Harbor','Ivory','Jade'])[k + 1] || ' ' ||
       (ARRAY['Cards','Fishing','Slots','Live','Sports','Arena','','Lotto','Club','Friends','Chain'])[c.cat],
       c.cat,
       200 + c.n * 10 + k
FROM (VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 8), (8, 9), (9, 10), (10, 11)) AS c(n, cat),
     generate_series(0, 5) AS k;

-- 10,800 games: 1,080 per category, spread over the category's platforms.
INSERT INTO games (id, name, name_key, category_id, platform_id, direction, hot, demo, sort)
SELECT g.id, g.name, lower(g.name), g.cat, g.platform, 1 + (g.id % 2), g.hot, g.demo, g.id
FROM (
  SELECT 100000 + c.n * 10000 + i AS id,
         (ARRAY['Lucky','Mega','Dragon','Fortune','Royal','Wild','Golden','Mystic','Super','Crazy','Magic','Jungle','Ocean','Fire','Ice','Star'])[1 + (i * 7 + c.n) % 16]
         || ' ' ||
         (ARRAY['Tiger','Gems','Fruits','Poker','Roulette','Baccarat','Blackjack','Fishing','Kingdom','Treasure','Rush','Bingo','Derby','Rooster','Token','Moon'])[1 + (i * 11 + c.n * 3) % 16]
         || ' ' || i AS name,
         c.cat,
         CASE
           WHEN c.cat = 3 AND i % 9 = 0 THEN 13
           WHEN c.cat = 3 AND i % 9 = 1 THEN 14
           WHEN c.cat = 3 AND i % 9 = 2 THEN 37
           WHEN c.cat = 3 AND i % 9 = 3 THEN 134
           WHEN c.cat = 4 AND i % 7 = 0 THEN 68
           WHEN c.cat = 5 AND i % 7 = 0 THEN 136
           ELSE 200 + c.n * 10 + (i % 6)
         END AS platform,
         CASE WHEN i % 97 = 0 THEN 1000 - i / 97 ELSE 0 END AS hot,
         (c.cat = 3 AND i % 9 = 0) AS demo
  FROM (VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 8), (8, 9), (9, 10), (10, 11)) AS c(n, cat),
       generate_series(1, 1080) AS i
) AS g;
