-- Discount codes (server/calls/pay.ts, docs/hall.md "Discount codes"): a code of a site credits a
-- fixed amount in a currency to each player who redeems it, once per player, up to its number of
-- uses, while it is active; a code may ask for a bound phone (checkCodePhoneNumber).
CREATE TABLE discount_codes (
  site_code  text NOT NULL,
  code       text NOT NULL,            -- upper case; redeemed case-insensitively
  amount     numeric(38, 10) NOT NULL CHECK (amount > 0),
  currency   text NOT NULL,
  max_uses   integer NOT NULL CHECK (max_uses > 0),
  used       integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  need_phone smallint NOT NULL DEFAULT 0,
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_code, code),
  CHECK (used <= max_uses)
);

CREATE TABLE discount_code_uses (
  site_code  text NOT NULL,
  code       text NOT NULL,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  amount     numeric(38, 10) NOT NULL,
  used_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_code, code, player_id),
  FOREIGN KEY (site_code, code) REFERENCES discount_codes (site_code, code)
);

INSERT INTO discount_codes (site_code, code, amount, currency, max_uses, need_phone) VALUES
  ('001', 'WELCOME10', 10, 'USD', 100000, 0),
  ('001', 'PHONE20', 20, 'USD', 100000, 1),
  ('101', 'BEMVINDO10', 10, 'BRL', 100000, 0),
  ('081', 'BEMVINDO10', 10, 'BRL', 100000, 0);
