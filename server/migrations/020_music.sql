-- The music library (spec §3 music item, §7.3 music list): the system music every site offers, and
-- each player's own list. A visitor (no session) owns a list too, named by address and device, so
-- the player can be tried before signing in.

CREATE TABLE music_tracks (
  id          integer PRIMARY KEY,
  music_name  text NOT NULL,
  -- The generated melody served at /audio/<melody>.wav (server/audio).
  melody      text NOT NULL,
  sort        integer NOT NULL
);

CREATE TABLE music_owned (
  site_code  text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  -- 'player:<id>' for a signed-in player, 'visitor:<ip>/<device>' otherwise.
  owner      text NOT NULL,
  music_id   integer NOT NULL REFERENCES music_tracks (id) ON DELETE CASCADE,
  added_at   timestamptz NOT NULL,
  PRIMARY KEY (site_code, owner, music_id)
);
CREATE INDEX music_owned_owner ON music_owned (site_code, owner, added_at);

INSERT INTO music_tracks (id, music_name, melody, sort) VALUES
  (101, 'Morning Light', 'morning', 1),
  (102, 'River Song', 'river', 2),
  (103, 'Paper Lantern', 'lantern', 3),
  (104, 'Sea Breeze', 'breeze', 4),
  (105, 'Harbour Night', 'harbour', 5);
