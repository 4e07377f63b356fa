-- The recharge pop-up and the new-benefits pop-up of the post-login sequence (screens §4 after
-- login: recharge pop-up, new benefits; calls §7 /active/pop_rechargeListV2 answering actives
-- and disablePop, /active/disable_active_pop popType 1 popStatus 1, §7.10 the newcomer-benefit
-- calls) and the reward-bind data a sign-in refetches.
--
-- Recharge promotions (site_code NULL: every site) are pushed only to players an operator
-- targets (players.recharge_pop 1, control surface `player`), the way seeded frames reach one
-- player: a fresh player sees no pop-up and other tests are not disturbed. disable_active_pop
-- sets active_pop_disabled; the list then answers disablePop 1.
--
-- Newcomer benefits reward binding each security item and the first recharge; a player's
-- benefit is done when the item is bound (or the player has recharged), receivable until
-- received (newcomer_claims). The new-benefits pop-up shows to targeted players
-- (players.newcomer_pop 1) until they ask not to see it again (disable_newcomer_pop).

CREATE TABLE recharge_pops (
  id          integer GENERATED ALWAYS AS IDENTITY (START WITH 7001) PRIMARY KEY,
  site_code   text REFERENCES sites (code) ON DELETE CASCADE,
  title       text NOT NULL,
  content     text NOT NULL DEFAULT '',
  min_amount  numeric(18, 2) NOT NULL CHECK (min_amount > 0),
  bonus_rate  numeric(6, 2) NOT NULL CHECK (bonus_rate > 0),
  sort        integer NOT NULL DEFAULT 0
);

ALTER TABLE players ADD COLUMN recharge_pop smallint NOT NULL DEFAULT 0 CHECK (recharge_pop IN (0, 1));
ALTER TABLE players ADD COLUMN active_pop_disabled smallint NOT NULL DEFAULT 0 CHECK (active_pop_disabled IN (0, 1));
ALTER TABLE players ADD COLUMN newcomer_pop smallint NOT NULL DEFAULT 0 CHECK (newcomer_pop IN (0, 1));

CREATE TABLE newcomer_benefits (
  id        integer GENERATED ALWAYS AS IDENTITY (START WITH 8001) PRIMARY KEY,
  site_code text REFERENCES sites (code) ON DELETE CASCADE,
  kind      text NOT NULL CHECK (kind IN ('bindPhone', 'bindEmail', 'bindGoogleAuth', 'bindWithdrawPass', 'firstRecharge')),
  reward    numeric(18, 2) NOT NULL CHECK (reward > 0),
  sort      integer NOT NULL DEFAULT 0
);

CREATE TABLE newcomer_claims (
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  benefit_id  integer NOT NULL REFERENCES newcomer_benefits (id) ON DELETE CASCADE,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (player_id, benefit_id)
);

INSERT INTO recharge_pops (site_code, title, content, min_amount, bonus_rate, sort) VALUES
  (NULL, 'First deposit bonus', 'Deposit 50 or more and get 20% extra on top.', 50, 20, 10),
  (NULL, 'Weekend reload', 'Deposit 100 or more this weekend for a 10% bonus.', 100, 10, 20);

INSERT INTO newcomer_benefits (site_code, kind, reward, sort) VALUES
  (NULL, 'bindPhone', 2, 10),
  (NULL, 'bindEmail', 1, 20),
  (NULL, 'bindGoogleAuth', 1, 30),
  (NULL, 'bindWithdrawPass', 1, 40),
  (NULL, 'firstRecharge', 10, 50);
