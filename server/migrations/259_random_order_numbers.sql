-- Public order numbers are not sequential: a deposit's order_no and a withdrawal's number (its id)
-- were identities counting up, so anyone with two orders could count a site's orders between
-- them. New ones are drawn at random from 15 digits (10^14 to 10^15 - 1; safe as a JavaScript
-- number, digits like before) out of gen_random_uuid()'s random bits; the primary key keeps them
-- unique (a draw that hits a taken number fails its insert, and the request can be sent again, at
-- odds of one in 9 × 10^14 per order held). Numbers given before stay as they are.
CREATE FUNCTION random_order_no() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT 100000000000000 + (('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 15))::bit(60)::bigint % 900000000000000)
$$;
ALTER TABLE deposit_orders ALTER COLUMN order_no DROP IDENTITY;
ALTER TABLE deposit_orders ALTER COLUMN order_no SET DEFAULT random_order_no();
ALTER TABLE withdraw_orders ALTER COLUMN id DROP IDENTITY;
ALTER TABLE withdraw_orders ALTER COLUMN id SET DEFAULT random_order_no();
