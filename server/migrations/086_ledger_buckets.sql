-- Records and reports at scale (server/calls/records.ts): a player's ledger entries counted and
-- summed per quarter of an hour (UTC) and kind, kept by a trigger in the transaction that writes
-- the entry. Every date filter's bounds are midnights in the site's zone, and every zone's offset
-- is a whole number of quarters of an hour, so a report's count and sums are read from these rows
-- instead of every entry (a player with 200,000 entries has a few thousand buckets); a range that
-- is not aligned reads its partial quarters from the entries themselves.
CREATE TABLE wallet_entry_buckets (
  player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  currency  text NOT NULL,
  bucket    timestamptz NOT NULL,
  kind      text NOT NULL,
  n         integer NOT NULL,
  amount    numeric(38, 10) NOT NULL,
  PRIMARY KEY (player_id, bucket, kind, currency)
);

CREATE FUNCTION wallet_entry_bucket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_entry_buckets (player_id, currency, bucket, kind, n, amount)
  VALUES (NEW.player_id, NEW.currency, date_bin('15 minutes', NEW.created_at, timestamptz '2000-01-01 00:00:00+00'), NEW.kind, 1, NEW.amount)
  ON CONFLICT (player_id, bucket, kind, currency)
  DO UPDATE SET n = wallet_entry_buckets.n + 1, amount = wallet_entry_buckets.amount + EXCLUDED.amount;
  RETURN NULL;
END
$$;

CREATE TRIGGER wallet_entries_bucket AFTER INSERT ON wallet_entries FOR EACH ROW EXECUTE FUNCTION wallet_entry_bucket();

INSERT INTO wallet_entry_buckets (player_id, currency, bucket, kind, n, amount)
SELECT player_id, currency, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00'), kind, count(*), sum(amount)
FROM wallet_entries GROUP BY 1, 2, 3, 4;
