-- Web push subscriptions per player (server/webpush.ts, server/calls/webpush.ts; docs/hall.md
-- "Web push"). Migration 181 made the table (one row per endpoint and site: endpoint, p256dh,
-- auth, created_at); here a subscription always has its player, the browser that registered it
-- (its fingerprint header, so that browser's logout removes it) and the outcome of the last push
-- sent to it. A 404 or 410 from the push service deletes the row.
DELETE FROM web_push_subscriptions WHERE player_id IS NULL;
ALTER TABLE web_push_subscriptions ALTER COLUMN player_id SET NOT NULL;
ALTER TABLE web_push_subscriptions ADD COLUMN fingerprint text NOT NULL DEFAULT '';
ALTER TABLE web_push_subscriptions ADD COLUMN last_status int;
ALTER TABLE web_push_subscriptions ADD COLUMN last_sent_at timestamptz;
ALTER TABLE web_push_subscriptions ADD CONSTRAINT web_push_subscriptions_lengths
  CHECK (length(endpoint) <= 2048 AND length(p256dh) = 87 AND length(auth) = 22);
