-- Feedback (spec screens §2 /home/feedback and the feedback popup; the calls are the hall's own
-- design: docs/hall-protocol.md "Feedback", server/calls/feedback.ts).
--
-- A player's feedback: its type (1 suggestion, 2 problem, 3 deposit or withdrawal, 4 games,
-- 5 other), its text (plain text, 10 to 500 characters, trimmed) and at most one screenshot
-- (png, jpeg or webp, at most 512 KB). The operator's reply (the control feedback-reply) is kept
-- with it: reply NULL none yet; reply_read_at NULL an unread reply.
CREATE TABLE feedbacks (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code     text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  player_id     bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  type          smallint NOT NULL CHECK (type BETWEEN 1 AND 5),
  content       text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 500),
  image_name    text,
  image_type    text CHECK (image_type IN ('image/png', 'image/jpeg', 'image/webp')),
  image         bytea CHECK (image IS NULL OR octet_length(image) <= 524288),
  created_at    timestamptz NOT NULL,
  reply         text,
  replied_at    timestamptz,
  reply_read_at timestamptz,
  CHECK ((image IS NULL) = (image_type IS NULL))
);
CREATE INDEX feedbacks_player ON feedbacks (player_id, id DESC);
