-- A withdrawal request's claim keeps nothing derived from the withdraw password (issue 46,
-- server/withdraw-claim.ts). Migration 276 kept a salted SHA-256 of the password with the claim,
-- so that whoever read the store could find a 6-digit password in 10^6 fast tries for the claim's
-- two minutes. A repeat is now matched on what it asks (account and amount) and on the player's
-- stored password hash at the time (a new password is another claim), never on the password: a
-- repeat of a request whose first copy verified the password gets that request's one order and
-- creates nothing the first copy did not ask for. Claims live two minutes: the old ones go.
DELETE FROM withdraw_request_claims;
ALTER TABLE withdraw_request_claims
  DROP COLUMN salt,
  DROP COLUMN digest,
  ADD COLUMN account_id bigint NOT NULL,
  ADD COLUMN amount text NOT NULL,
  -- SHA-256 of the player's stored withdraw password hash (already in players): a new password, another claim.
  ADD COLUMN stored_hash_digest bytea NOT NULL;
