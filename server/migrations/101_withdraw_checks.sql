-- Money out, the rest (server/withdraw.ts, server/calls/withdraw.ts): the withdraw password's
-- failure count and lock, the second-verification tickets verifyWithdrawPass answers, and the
-- kinds of account whose withdrawals a site asks a proof for.

-- Wrong withdraw passwords in a row (any check of it: cach, deleteAccount, a binding,
-- verifyWithdrawPass). The fifth locks the checks until locked_until; a right one clears the row.
CREATE TABLE withdraw_pass_failures (
  player_id      bigint PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  failures       integer NOT NULL CHECK (failures >= 0),
  last_failed_at timestamptz NOT NULL,
  locked_until   timestamptz
);

-- A passed second verification (verifyWithdrawPass): the token the following change carries as
-- verifyToken, good until expires_at and spent once.
CREATE TABLE verify_tickets (
  token      text PRIMARY KEY,
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  verify     text NOT NULL CHECK (verify IN ('withdrawPass')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verify_tickets_player ON verify_tickets (player_id);

-- The kinds of account ('bank', 'ewallet', 'crypto', 'wallet') whose withdrawals need a proof
-- uploaded (uploadpay) before cach; an order keeps the proof it was asked with.
ALTER TABLE withdraw_site_settings ADD COLUMN proof_kinds text[] NOT NULL DEFAULT '{}';
ALTER TABLE withdraw_orders ADD COLUMN proof_id bigint REFERENCES withdraw_proofs (id);
CREATE UNIQUE INDEX withdraw_orders_proof_once ON withdraw_orders (proof_id) WHERE proof_id IS NOT NULL;
