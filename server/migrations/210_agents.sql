-- Agents and promotion (spec screens §2 /home/promote, /home/proxyTransfer, /home/myTransferRecord;
-- calls §7.3 promote/*). The team, commission and transfer calls are the hall's own design
-- (docs/hall-protocol.md, "Agents and promotion"; server/agents.ts, server/calls/agents.ts).
--
-- The tree: players.invited_by (migration 130) is the parent agent, set at registration from the
-- invite link's id (inviteCode); players.channel_id the promotion channel of the link's cid.
--
-- The commission of a period, for the agent's mode:
--   commission = trunc( Σ over the mode's rates (level L, basis b, rate r) of base(L, b) × r / 100 , 2 )
-- where base(L, 'deposit') is the paid deposits of the invitees at level L (amount × rate, in the
-- agent's currency), base(L, 'bet') their bets, base(L, 'net') max(0, their bets − their wins).
-- Level 1 are the direct invitees; in the Infinite mode level 3 counts every deeper level too.

CREATE TABLE agent_sites (
  site_code text PRIMARY KEY,
  mode      integer NOT NULL CHECK (mode IN (30004, 1, 2, 10002))
);
-- '*': every site without its own row.
INSERT INTO agent_sites (site_code, mode) VALUES ('*', 30004);

CREATE TABLE agent_rates (
  mode  integer NOT NULL CHECK (mode IN (30004, 1, 2, 10002)),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 3),
  basis text NOT NULL CHECK (basis IN ('deposit', 'bet', 'net')),
  rate  numeric(7, 4) NOT NULL CHECK (rate >= 0 AND rate <= 100),
  PRIMARY KEY (mode, level, basis)
);
INSERT INTO agent_rates (mode, level, basis, rate) VALUES
  -- Infinite: bets of every level, 3 and deeper at the level-3 rate.
  (30004, 1, 'bet', 0.6), (30004, 2, 'bet', 0.3), (30004, 3, 'bet', 0.1),
  -- FirstLevel: the direct invitees' deposits and bets.
  (1, 1, 'deposit', 1), (1, 1, 'bet', 0.5),
  -- NetProfit: the direct invitees' net result.
  (2, 1, 'net', 20),
  -- ThreeNetProfix: the net result of three levels.
  (10002, 1, 'net', 20), (10002, 2, 'net', 10), (10002, 3, 'net', 5);

-- Promotion channels (cid): getChannelInfo answers them; a player registered with one is bound to it.
CREATE TABLE agent_channels (
  site_code          text NOT NULL,
  channel_id         text NOT NULL,
  channel_name       text NOT NULL,
  guide_setup_mode   integer NOT NULL DEFAULT 0 CHECK (guide_setup_mode >= 0),
  currency           text,
  PRIMARY KEY (site_code, channel_id)
);
-- site_code '*': a channel of every site.
INSERT INTO agent_channels (site_code, channel_id, channel_name, guide_setup_mode) VALUES ('*', '1001', 'Main channel', 1);

ALTER TABLE players ADD COLUMN channel_id text;

-- A closed period of an agent: its window, the mode and the figures it was computed with, and its
-- commission; received_at is set once, by the receipt that paid it.
CREATE TABLE agent_periods (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agent_id     bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  currency     text NOT NULL,
  mode         integer NOT NULL,
  period_from  timestamptz NOT NULL,
  period_to    timestamptz NOT NULL CHECK (period_to > period_from),
  levels       jsonb NOT NULL,
  amount       numeric(38, 10) NOT NULL CHECK (amount >= 0),
  received_at  timestamptz,
  UNIQUE (agent_id, period_from)
);
CREATE INDEX agent_periods_agent ON agent_periods (agent_id, period_to DESC);

-- Proxy transfers: the agent's balance moved to a direct invitee (two ledger entries, one transaction).
CREATE TABLE agent_transfers (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code   text NOT NULL,
  from_id     bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  to_id       bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  currency    text NOT NULL,
  amount      numeric(38, 10) NOT NULL CHECK (amount > 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_transfers_from ON agent_transfers (from_id, created_at DESC);
CREATE INDEX agent_transfers_to ON agent_transfers (to_id, created_at DESC);
