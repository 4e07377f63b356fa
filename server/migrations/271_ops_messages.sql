-- The operator's console (docs/operations-players-content.md): notices, announcements and marquee
-- lines a marketing account wrote for a site, published at once or at a time it chose. A row is
-- the operator's side of a message: when it goes out (publish_at), the message it became
-- (message_id, set when published) and when it was withdrawn (the message is deleted then).
CREATE TABLE ops_messages (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code    text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  type         smallint NOT NULL CHECK (type IN (1, 2, 3)),
  title        text NOT NULL,
  content      text NOT NULL,
  publish_at   timestamptz NOT NULL,
  message_id   bigint,
  published_at timestamptz,
  withdrawn_at timestamptz,
  by_account   text NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX ops_messages_due ON ops_messages (publish_at) WHERE published_at IS NULL AND withdrawn_at IS NULL;
CREATE INDEX ops_messages_site ON ops_messages (site_code, id DESC);
