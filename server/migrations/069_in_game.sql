-- Where a player's money is (spec §4: game_gold is -1 while in game; the sports wallet header
-- shows 'money in game'): the platform of the game a formal launch took it into, until
-- RefreshGold brings it back to the lobby. Null: in the lobby.

ALTER TABLE players ADD COLUMN in_game_platform integer;
