-- Pop-up frames (the frame box, spec screens §3 pop-up frame, §4 force pop-up; calls §7.9
-- /message/frameBox/index, /message/frame; enumerations: frame types login 1, day 2, home 3,
-- one 4; image styles left 1, right 2, customize 3, text 4; location types none 1 ... yuebao 10)
-- and the security state the bind flow needs (screens §3 user info must_bind_*, §4 bind flow;
-- calls §7.2). A frame with site_code NULL belongs to every site. Seeded frames are switched off
-- (frame_switch 0) so that a fresh player sees none; the control surface switches them on for
-- the whole site or gives one player its own frames (player_frames), which is how the browser
-- tests show frames to one player without disturbing the others.

CREATE TABLE frames (
  id               integer GENERATED ALWAYS AS IDENTITY (START WITH 9001) PRIMARY KEY,
  site_code        text REFERENCES sites (code) ON DELETE CASCADE,
  frame_type       smallint NOT NULL CHECK (frame_type BETWEEN 1 AND 4),
  img_style        smallint NOT NULL CHECK (img_style BETWEEN 1 AND 4),
  img_url          text NOT NULL DEFAULT '',
  img_color        text NOT NULL DEFAULT '',
  img_icon         text NOT NULL DEFAULT '',
  title            text NOT NULL,
  publicity_name   text NOT NULL DEFAULT '',
  -- HTML as an operator typed it; the lobby sanitizes it before showing it.
  content          text NOT NULL DEFAULT '',
  location_type    smallint NOT NULL DEFAULT 1 CHECK (location_type BETWEEN 1 AND 10),
  location_value   text NOT NULL DEFAULT '',
  location_template text NOT NULL DEFAULT '',
  jump_window      smallint NOT NULL DEFAULT 0,
  sort             integer NOT NULL DEFAULT 0,
  frame_switch     smallint NOT NULL DEFAULT 0 CHECK (frame_switch IN (0, 1))
);

-- Frames shown to one player only (control surface): when a player has any, only those show.
CREATE TABLE player_frames (
  player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  frame_id  integer NOT NULL REFERENCES frames (id) ON DELETE CASCADE,
  sort      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (player_id, frame_id)
);

-- The bind state: what a player must bind (must_bind_item: how many items), and what is bound.
ALTER TABLE players ADD COLUMN must_bind_item smallint NOT NULL DEFAULT 0 CHECK (must_bind_item BETWEEN 0 AND 4);
ALTER TABLE players ADD COLUMN mobile_phone text NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN email text NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN google_auth smallint NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN withdraw_pass_hash text;

-- Verification codes sent for a bind (phone, email, google auth): the last one per player and
-- purpose counts; the control surface can reveal it (`last-code`), since the hall sends no SMS.
CREATE TABLE security_codes (
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('phone', 'email', 'googleAuth')),
  target     text NOT NULL,
  code       text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (player_id, purpose)
);

INSERT INTO frames (site_code, frame_type, img_style, img_url, img_color, title, publicity_name, content, location_type, location_value, sort) VALUES
  (NULL, 1, 1, 'data:image/svg+xml,%3Csvg xmlns=''http://www.w3.org/2000/svg'' width=''120'' height=''90''%3E%3Crect width=''120'' height=''90'' rx=''12'' fill=''%231e6cff''/%3E%3Ccircle cx=''60'' cy=''45'' r=''24'' fill=''%23ffd400''/%3E%3C/svg%3E', '#1e6cff', 'Welcome back', 'login', '<p>Welcome back! Your daily bonus is waiting.</p>', 3, '', 10),
  (NULL, 2, 2, 'data:image/svg+xml,%3Csvg xmlns=''http://www.w3.org/2000/svg'' width=''120'' height=''90''%3E%3Crect width=''120'' height=''90'' rx=''12'' fill=''%231e6cff''/%3E%3Ccircle cx=''60'' cy=''45'' r=''24'' fill=''%23ffd400''/%3E%3C/svg%3E', '#ff7a00', 'Today''s offer', 'day', '<p>Deposit today and get <b>10%</b> extra.</p>', 5, '', 20),
  (NULL, 3, 3, 'data:image/svg+xml,%3Csvg xmlns=''http://www.w3.org/2000/svg'' width=''120'' height=''90''%3E%3Crect width=''120'' height=''90'' rx=''12'' fill=''%231e6cff''/%3E%3Ccircle cx=''60'' cy=''45'' r=''24'' fill=''%23ffd400''/%3E%3C/svg%3E', '#00a870', 'Home news', 'home', '<p>New games every week.</p>', 1, '', 30),
  (NULL, 4, 4, '', '', 'A one-time notice', 'one', '<p>Please read our terms once.</p>', 2, 'https://example.com/terms', 40),
  (NULL, 1, 4, '', '', 'VIP club', 'vip', '<p>Climb the VIP levels.</p>', 8, '', 50),
  (NULL, 2, 4, '', '', 'Yuebao interest', 'yuebao', '<p>Earn interest on your balance.</p>', 10, '', 60),
  (NULL, 3, 4, '', '', 'Tasks', 'task', '<p>Finish tasks to earn rewards.</p>', 4, '', 70),
  (NULL, 3, 4, '', '', 'Cashback', 'cashback', '<p>Cashback every day.</p>', 6, '', 80),
  (NULL, 3, 4, '', '', 'Invite friends', 'promote', '<p>Invite friends and earn.</p>', 7, '', 90),
  (NULL, 3, 4, '', '', 'Club', 'club', '<p>Join the club.</p>', 9, '', 100),
  (NULL, 3, 4, '', '', 'Operator HTML', 'html',
   '<p>Safe text stays.</p><script>window.__frameScriptRan = true</script><img src="x" onerror="window.__frameScriptRan = true" alt="pic"><a href="javascript:window.__frameScriptRan=true">link</a>', 1, '', 110);
