-- The player's own account (server/calls/account.ts; screens §2 /home/security, /home/personal):
-- the profile the player edits, the secret question, the avatar catalogue, the second
-- verifications a protected change carries, and the history of every change.

-- The profile (settings/modifyinfo, bindCpf): display name ('' shows the username), real name,
-- birthday and the CPF of the Brazilian sites (digits, bound once).
ALTER TABLE players ADD COLUMN display_name text NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN real_name text NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN birthday date;
ALTER TABLE players ADD COLUMN cpf text NOT NULL DEFAULT '';

-- The secret questions a player may choose (their text in English; the lobby shows them in the
-- player's language by id) and the one a player set, with its answer hashed (never stored in clear).
CREATE TABLE security_questions (
  id       integer PRIMARY KEY,
  question text NOT NULL
);
INSERT INTO security_questions (id, question) VALUES
  (1, 'What was the name of your first pet?'),
  (2, 'In which city were you born?'),
  (3, 'What is your mother''s maiden name?'),
  (4, 'What was the name of your primary school?'),
  (5, 'What is your favourite food?');

CREATE TABLE player_questions (
  player_id   bigint PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES security_questions (id),
  answer_hash text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- The avatar catalogue (avatars, updateUserAvatars; portrait_id names one): images the hall
-- serves inline, a coloured disc with a letter each.
CREATE TABLE avatars (
  id  integer PRIMARY KEY,
  url text NOT NULL
);
INSERT INTO avatars (id, url)
SELECT n, 'data:image/svg+xml,%3Csvg xmlns=''http://www.w3.org/2000/svg'' viewBox=''0 0 64 64''%3E%3Ccircle cx=''32'' cy=''32'' r=''32'' fill=''%23'
  || (ARRAY['e4572e', '29335c', 'f3a712', '669bbc', '2a9d8f', '8338ec', 'ff006e', '3a86ff', '6a994e', 'bc4749', '264653', 'f4a261'])[n]
  || '''/%3E%3Ctext x=''32'' y=''43'' font-family=''sans-serif'' font-size=''30'' text-anchor=''middle'' fill=''white''%3E'
  || substr('ABCDEFGHIJKL', n, 1) || '%3C/text%3E%3C/svg%3E'
FROM generate_series(1, 12) AS n;

-- Second verifications of every kind (secondVerify and its per-type calls), beside the withdraw
-- password's of migration 101: the change a ticket allows spends it.
ALTER TABLE verify_tickets DROP CONSTRAINT verify_tickets_verify_check;
ALTER TABLE verify_tickets ADD CONSTRAINT verify_tickets_verify_check
  CHECK (verify IN ('withdrawPass', 'googleAuth', 'email', 'phone', 'question', 'loginPass'));

-- Every change of the account, in order: what changed (item), how (action: bind, change, on, off,
-- set) and the verification that allowed it (verify types; null when the change needed none).
CREATE TABLE account_history (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  item        text NOT NULL,
  action      text NOT NULL,
  verify_type smallint,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_history_player ON account_history (player_id, id);
