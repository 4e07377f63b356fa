-- A withdrawal request's first copy, claimed before its withdraw password is checked (issue 46,
-- docs/hall.md "Under load"): the lobby sends each withdrawal twice (to two halls at once, or
-- again after a lost answer) under one request id. The first copy to arrive claims the request id
-- with a salted SHA-256 of what it asks (player, request id, account, amount, password), then
-- checks the password (Argon2id) and records the outcome here. A repeat whose digest is the same
-- waits for that outcome instead of checking the password again; any other repeat, or one whose
-- first copy failed or is gone, checks the password in full. A claim lives WITHDRAW_CLAIM_MS
-- (server/withdraw-claim.ts); older ones are deleted as new ones come.
CREATE TABLE withdraw_request_claims (
  player_id  bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  request_id text NOT NULL,
  salt       bytea NOT NULL,
  digest     bytea NOT NULL,
  -- 0: the first copy is checking the password; 1: it was right; 2: it was not (or the check failed).
  outcome    smallint NOT NULL DEFAULT 0 CHECK (outcome IN (0, 1, 2)),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (player_id, request_id)
);
CREATE INDEX withdraw_request_claims_age ON withdraw_request_claims (created_at);
