-- Red packets (spec §4 red packets; calls §7.4 redactive, getred, getreward, receivereward;
-- enumerations: red-packet actions grab, open, send; refresh 10 s, 3 min, 5 min; count 10).
-- An activity offers each player `packets` packets of `amount` in the player's currency; a
-- claim row is the proof a packet was credited, so a packet is credited once per player however
-- often it is asked for (the claim and the credit are one transaction).

CREATE TABLE red_activities (
  id              integer GENERATED ALWAYS AS IDENTITY (START WITH 7001) PRIMARY KEY,
  site_code       text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  title           text NOT NULL,
  action          text NOT NULL CHECK (action IN ('grab', 'open', 'send')),
  -- Activity status: Draft 0, Processing 1, Over 2, Closed 3, Expired 4.
  status          smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 0 AND 4),
  -- Device type strings the packets may be taken on: iOS '1', Android '2', H5 '3', PC '4'.
  device_types    text[] NOT NULL DEFAULT '{1,2,3,4}' CHECK (device_types <@ ARRAY['1', '2', '3', '4']),
  refresh_seconds integer NOT NULL DEFAULT 10 CHECK (refresh_seconds IN (10, 180, 300)),
  amount          numeric(38, 10) NOT NULL CHECK (amount > 0),
  packets         integer NOT NULL DEFAULT 1 CHECK (packets BETWEEN 1 AND 10),
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX red_activities_site ON red_activities (site_code, status);

CREATE TABLE red_claims (
  activity_id integer NOT NULL REFERENCES red_activities (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  red_id      integer NOT NULL CHECK (red_id >= 1),
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0),
  currency    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (activity_id, player_id, red_id)
);
