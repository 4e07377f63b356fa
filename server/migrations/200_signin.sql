-- Sign-in variants and recovery (issue 24).
--
-- The forgotten password: a passed recovery check (resetPassVerify and the notlogin verify calls)
-- answers a ticket of kind 'reset' that resetpasswd spends. Its codes are the account's own
-- (security_codes, purposes phone and email), sent to the bound phone or email only.
ALTER TABLE verify_tickets DROP CONSTRAINT verify_tickets_verify_check;
ALTER TABLE verify_tickets ADD CONSTRAINT verify_tickets_verify_check
  CHECK (verify IN ('withdrawPass', 'googleAuth', 'email', 'phone', 'question', 'loginPass', 'reset'));

-- Guessing is stopped (server/guard.ts): the failed attempts of one key (an account's sign-in,
-- an address's sign-ins, an account's recovery checks, code sends) in the current window, and
-- until when the key is locked. A lock that ran out starts the count again.
CREATE TABLE attempt_failures (
  key            text PRIMARY KEY,
  failures       integer NOT NULL,
  last_failed_at timestamptz NOT NULL,
  locked_until   timestamptz
);
