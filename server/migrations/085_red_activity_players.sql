-- Red-packet activities offered to some players only (control surface `red-activity` with
-- `players`): an activity with rows here is listed, counted in the red dot and can be taken only by
-- those players; one without rows is offered to every player of its site. This is how a browser
-- test gives its own players a red packet without showing it to every other player of the site.

CREATE TABLE red_activity_players (
  activity_id integer NOT NULL REFERENCES red_activities (id) ON DELETE CASCADE,
  player_id   bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  PRIMARY KEY (activity_id, player_id)
);
