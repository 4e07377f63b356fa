-- The spec's 25 currencies (issue 45; schemas/currencies.ts): the 13 an older store lacks, with
-- their formats (fiat 2 decimals, crypto 10; IDRK is counted in thousands of IDR). A new store
-- gets all 25 from the seed (server/seed.ts). No site offers them until the operator adds them
-- to its list (site_currencies).
-- A new store is migrated before it is seeded: the seed writes them there.
INSERT INTO currencies (code, currency_type, display, market_code, sign, scale)
SELECT v.* FROM (VALUES
  ('AED', 1, 'UAE Dirham', 'AED', 'AED', 2),
  ('AUD', 1, 'Australian Dollar', 'AUD', 'A$', 2),
  ('BDT', 1, 'Bangladeshi Taka', 'BDT', '৳', 2),
  ('GBP', 1, 'Pound Sterling', 'GBP', '£', 2),
  ('HKD', 1, 'Hong Kong Dollar', 'HKD', 'HK$', 2),
  ('IDR', 1, 'Indonesian Rupiah', 'IDR', 'Rp', 2),
  ('IDRK', 1, 'Indonesian Rupiah (thousands)', 'IDR', 'Rp', 2),
  ('JPY', 1, 'Japanese Yen', 'JPY', '¥', 2),
  ('KHR', 1, 'Cambodian Riel', 'KHR', '៛', 2),
  ('KRW', 1, 'South Korean Won', 'KRW', '₩', 2),
  ('MMK', 1, 'Myanmar Kyat', 'MMK', 'K', 2),
  ('MXN', 1, 'Mexican Peso', 'MXN', 'MX$', 2),
  ('RUB', 1, 'Russian Ruble', 'RUB', '₽', 2)
) AS v (code, currency_type, display, market_code, sign, scale)
WHERE EXISTS (SELECT 1 FROM currencies)
ON CONFLICT DO NOTHING;
