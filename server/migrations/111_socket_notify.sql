-- Several halls on one PostgreSQL server (docs/hall.md, "Several halls"): every notice stored in a
-- player's socket outbox is announced on the channel lobby_socket_outbox with the player and the
-- msgId. NOTIFY is delivered when the inserting transaction commits (never for a rolled-back one),
-- so a notice stored inside the transaction of the change it tells of is announced exactly when
-- that change exists. Each hall LISTENs and sends the stored row to the connections it holds.

CREATE FUNCTION socket_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lobby_socket_outbox', json_build_object('p', NEW.player_id::text, 'm', NEW.msg_id::text)::text);
  RETURN NEW;
END
$$;

CREATE TRIGGER socket_outbox_notify AFTER INSERT ON socket_outbox FOR EACH ROW EXECUTE FUNCTION socket_outbox_notify();
