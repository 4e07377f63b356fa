-- VIP levels (spec screens §2 Mine page and VIP screen, calls §7.11 /user/vipInfo). A player's
-- level is the highest whose deposit and bet totals both reach its needs; the totals are the
-- player's completed deposits (positive 'deposit' and 'control' wallet entries: the control credit
-- stands for a completed deposit and pushes payOrderSuccess) and the bets of their game rounds.
-- One ladder for every site; the needs are in the player's currency units.

CREATE TABLE vip_levels (
  level        integer PRIMARY KEY CHECK (level >= 0),
  name         text NOT NULL,
  deposit_need numeric(38, 10) NOT NULL CHECK (deposit_need >= 0),
  bet_need     numeric(38, 10) NOT NULL CHECK (bet_need >= 0)
);

INSERT INTO vip_levels (level, name, deposit_need, bet_need) VALUES
  (0, 'VIP 0', 0, 0),
  (1, 'VIP 1', 100, 500),
  (2, 'VIP 2', 500, 2500),
  (3, 'VIP 3', 2000, 10000),
  (4, 'VIP 4', 5000, 30000),
  (5, 'VIP 5', 10000, 80000),
  (6, 'VIP 6', 30000, 200000),
  (7, 'VIP 7', 80000, 500000),
  (8, 'VIP 8', 200000, 1200000),
  (9, 'VIP 9', 500000, 3000000),
  (10, 'VIP 10', 1000000, 8000000);
