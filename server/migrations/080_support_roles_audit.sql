-- Support in production (docs/timeline.md, "Support accounts"): roles and disabling of support
-- accounts, sign-in failures for the console's lockout, the audit trail of what support looked at,
-- and an index for the retention sweep of diagnostics uploads.

-- agent: searches and opens sessions; lead: also manages accounts and reads the audit trail.
-- Accounts from before roles were made by the operator in code and keep full access as leads.
ALTER TABLE support_accounts ADD COLUMN role text NOT NULL DEFAULT 'agent' CHECK (role IN ('agent', 'lead'));
UPDATE support_accounts SET role = 'lead';
ALTER TABLE support_accounts ADD COLUMN disabled_at timestamptz;
ALTER TABLE support_accounts ADD COLUMN last_sign_in_at timestamptz;

-- Consecutive failed sign-ins per attempted username (known or not, so the answer tells nothing),
-- and until when that username is refused.
CREATE TABLE support_sign_in_failures (
  username       text PRIMARY KEY,
  failures       integer NOT NULL,
  last_failed_at timestamptz NOT NULL,
  locked_until   timestamptz
);

-- Every search, session opened, log downloaded, timeline fork, sign-in and account change by a
-- support account (or by the support-accounts command, account 'command:<os user>').
CREATE TABLE support_audit (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at        timestamptz NOT NULL,
  account   text NOT NULL,
  action    text NOT NULL,
  reference text,                         -- the session's reference number, for session actions
  player_id text,                         -- the player concerned (the upload's, or the one searched for)
  usernames text[] NOT NULL DEFAULT '{}', -- player usernames concerned (the session's, or the one searched for)
  site_code text,
  detail    jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX support_audit_at ON support_audit (at DESC, id DESC);
CREATE INDEX support_audit_account ON support_audit (account, at DESC);
CREATE INDEX support_audit_player ON support_audit (player_id, at DESC);

-- The retention sweep deletes uploads by age: completed ones from completion, unfinished ones
-- from their first chunk.
CREATE INDEX diagnostic_uploads_age ON diagnostic_uploads ((coalesce(completed_at, created_at)));
