-- Deposits (server/calls/pay.ts, docs/hall.md "Deposits"): the deposit methods and channels a
-- currency offers, the banks of the channels that let the player choose one, the exchange rates
-- a deposit in another currency is converted at, and the orders with their states.

-- The key a site's deposit orders are signed with (spec §7.5: MD5, a key per site). The lobby
-- receives it with the site configuration; random per store, like the site key.
ALTER TABLE sites ADD COLUMN deposit_key text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text);
-- The key the payment provider signs its callbacks with (the hall's secret: never sent to a page).
ALTER TABLE sites ADD COLUMN provider_key text NOT NULL DEFAULT md5(clock_timestamp()::text || random()::text);

-- A deposit method (pay type) of a currency: PIX, card, bank transfer, USDT ...
CREATE TABLE pay_methods (
  id       integer PRIMARY KEY,
  currency text NOT NULL,
  name     text NOT NULL,
  icon     text NOT NULL DEFAULT '',
  kind     text NOT NULL CHECK (kind IN ('fiat', 'crypto', 'offline')),
  sort     integer NOT NULL DEFAULT 0
);

-- A channel of a method; site_code null: every site offering the currency, else that site only.
CREATE TABLE pay_channels (
  id             integer PRIMARY KEY,
  method_id      integer NOT NULL REFERENCES pay_methods (id),
  site_code      text,
  name           text NOT NULL,
  icon           text NOT NULL DEFAULT '',
  min_amount     numeric(38, 10) NOT NULL CHECK (min_amount > 0),
  max_amount     numeric(38, 10) NOT NULL,
  fixed_amounts  text[] NOT NULL DEFAULT '{}',
  fee_rate       numeric(10, 4) NOT NULL DEFAULT 0 CHECK (fee_rate >= 0 AND fee_rate < 100),
  bonus_rate     numeric(10, 4) NOT NULL DEFAULT 0 CHECK (bonus_rate >= 0),
  network        text NOT NULL DEFAULT '',
  address        text NOT NULL DEFAULT '',
  need_real_name smallint NOT NULL DEFAULT 0,
  choose_bank    smallint NOT NULL DEFAULT 0,
  -- offline channels: where the transfer goes
  bank_name      text NOT NULL DEFAULT '',
  account_name   text NOT NULL DEFAULT '',
  account_no     text NOT NULL DEFAULT '',
  branch         text NOT NULL DEFAULT '',
  enabled        boolean NOT NULL DEFAULT true,
  sort           integer NOT NULL DEFAULT 0,
  CHECK (max_amount >= min_amount)
);

CREATE TABLE pay_banks (
  channel_id integer NOT NULL REFERENCES pay_channels (id),
  bank_code  text NOT NULL,
  bank_name  text NOT NULL,
  sort       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (channel_id, bank_code)
);

-- 1 unit of currency is rate units of target.
CREATE TABLE exchange_rates (
  currency   text NOT NULL,
  target     text NOT NULL,
  rate       numeric(38, 10) NOT NULL CHECK (rate > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (currency, target)
);

-- A deposit order. status: 0 created, 1 paid, 2 failed, 3 cancelled, 4 expired, 5 confirming.
-- amount, fee and bonus are in the deposit currency; credit is what reaches the wallet, in the
-- wallet's currency (wallet_currency), at the rate of the moment the order was made.
CREATE TABLE deposit_orders (
  order_no        bigint GENERATED ALWAYS AS IDENTITY (START WITH 260000000001) PRIMARY KEY,
  player_id       bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  site_code       text NOT NULL,
  channel_id      integer NOT NULL REFERENCES pay_channels (id),
  request_id      text NOT NULL,
  kind            text NOT NULL,
  currency        text NOT NULL,
  amount          numeric(38, 10) NOT NULL CHECK (amount > 0),
  fee             numeric(38, 10) NOT NULL CHECK (fee >= 0),
  bonus           numeric(38, 10) NOT NULL CHECK (bonus >= 0),
  wallet_currency text NOT NULL,
  rate            numeric(38, 10) NOT NULL CHECK (rate > 0),
  credit          numeric(38, 10) NOT NULL CHECK (credit > 0),
  status          smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 5),
  provider_ref    text NOT NULL UNIQUE,
  bank_code       text NOT NULL DEFAULT '',
  payer_name      text NOT NULL DEFAULT '',
  proof_url       text NOT NULL DEFAULT '',
  is_first        smallint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL,
  expire_at       timestamptz NOT NULL,
  paid_at         timestamptz,
  UNIQUE (player_id, request_id)
);
CREATE INDEX deposit_orders_player_time ON deposit_orders (player_id, created_at DESC, order_no DESC);
-- A player has at most one paid first deposit.
CREATE UNIQUE INDEX deposit_orders_first ON deposit_orders (player_id) WHERE is_first = 1;

INSERT INTO pay_methods (id, currency, name, icon, kind, sort) VALUES
  (1, 'USD', 'Card', 'card', 'fiat', 1),
  (2, 'USD', 'Bank transfer', 'bank', 'offline', 2),
  (3, 'USDT', 'USDT', 'usdt', 'crypto', 3),
  (4, 'BRL', 'PIX', 'pix', 'fiat', 1),
  (5, 'BRL', 'Bank transfer', 'bank', 'offline', 2),
  (6, 'EUR', 'SEPA instant', 'bank', 'fiat', 1),
  (7, 'EUR', 'Bank transfer', 'bank', 'offline', 2),
  (8, 'INR', 'UPI', 'upi', 'fiat', 1),
  (9, 'BTC', 'Bitcoin', 'btc', 'crypto', 4),
  (10, 'ETH', 'Ether', 'eth', 'crypto', 5),
  (11, 'USDC', 'USDC', 'usdc', 'crypto', 6),
  (12, 'PHP', 'GCash', 'wallet', 'fiat', 1),
  (13, 'THB', 'PromptPay', 'wallet', 'fiat', 1),
  (14, 'VND', 'Bank QR', 'wallet', 'fiat', 1),
  (15, 'CNY', 'Bank transfer', 'bank', 'offline', 1);

INSERT INTO pay_channels (id, method_id, name, min_amount, max_amount, fixed_amounts, fee_rate, bonus_rate, network, address, need_real_name, choose_bank,
                          bank_name, account_name, account_no, branch, sort) VALUES
  (101, 1, 'CardPay', 10, 5000, '{20,50,100,200,500,1000}', 2, 10, '', '', 0, 0, '', '', '', '', 1),
  (102, 1, 'QuickCard', 20, 2000, '{50,100,200,500}', 0, 5, '', '', 0, 0, '', '', '', '', 2),
  (201, 2, 'Wire transfer', 50, 50000, '{100,500,1000,5000}', 0, 3, '', '', 1, 1, 'First Lobby Bank', 'Lobby Payments Ltd', '4401 2200 7788 1234', 'Main street', 1),
  (301, 3, 'USDT TRC20', 10, 100000, '{20,50,100,500}', 0, 5, 'TRC20', 'TQ4w8x1LobbyHallDepositAddr7Rc2Vd9Kp', 0, 0, '', '', '', '', 1),
  (302, 3, 'USDT ERC20', 20, 100000, '{50,100,500}', 1, 5, 'ERC20', '0x5aE1b9C0f3Lobby0Hall0Deposit0dD8e7F2a41', 0, 0, '', '', '', '', 2),
  (401, 4, 'PIX instantâneo', 10, 50000, '{20,50,100,200,500,1000}', 0, 10, '', '', 0, 0, '', '', '', '', 1),
  (501, 5, 'TED bancária', 50, 100000, '{100,500,1000}', 0, 2, '', '', 1, 1, 'Banco do Lobby', 'Lobby Pagamentos Ltda', '0001 12345-6', 'Agência 0001', 1),
  (601, 6, 'SEPA Instant', 10, 10000, '{20,50,100,500}', 0, 5, '', '', 0, 0, '', '', '', '', 1),
  (701, 7, 'SEPA transfer', 50, 50000, '{100,500,1000}', 0, 2, '', '', 1, 0, 'Lobby Europe Bank', 'Lobby Payments Ltd', 'DE89 3704 0044 0532 0130 00', 'Berlin', 1),
  (801, 8, 'UPI', 100, 200000, '{500,1000,2000,5000}', 0, 5, '', '', 0, 0, '', '', '', '', 1),
  (901, 9, 'BTC', 0.0001, 10, '{0.001,0.01,0.1}', 0, 2, 'BTC', 'bc1qlobbyhalldeposit0address0wq8v2k4t9m', 0, 0, '', '', '', '', 1),
  (1001, 10, 'ETH', 0.001, 100, '{0.01,0.1,1}', 0, 2, 'ERC20', '0x7Fd2Lobby0Hall0Ether0Deposit0c93B1aE50', 0, 0, '', '', '', '', 1),
  (1101, 11, 'USDC ERC20', 10, 100000, '{20,50,100,500}', 0, 3, 'ERC20', '0x3C1aLobby0Hall0USDC0Deposit0f42E9bD617', 0, 0, '', '', '', '', 1),
  (1201, 12, 'GCash', 100, 100000, '{200,500,1000,5000}', 0, 3, '', '', 0, 0, '', '', '', '', 1),
  (1301, 13, 'PromptPay', 100, 100000, '{300,500,1000,5000}', 0, 3, '', '', 0, 0, '', '', '', '', 1),
  (1401, 14, 'VietQR', 50000, 500000000, '{100000,500000,1000000}', 0, 3, '', '', 0, 0, '', '', '', '', 1),
  (1501, 15, '银行转账', 100, 500000, '{100,500,1000,5000}', 0, 2, '', '', 1, 0, '中国大厅银行', '大厅支付有限公司', '6222 0200 1234 5678', '总行', 1);

INSERT INTO pay_banks (channel_id, bank_code, bank_name, sort) VALUES
  (201, 'FLB', 'First Lobby Bank', 1),
  (201, 'CHB', 'City Hall Bank', 2),
  (501, '001', 'Banco do Brasil', 1),
  (501, '237', 'Bradesco', 2),
  (501, '341', 'Itaú', 3);

INSERT INTO exchange_rates (currency, target, rate) VALUES
  ('USDT', 'USD', 1), ('USDC', 'USD', 1), ('BTC', 'USD', 60000), ('ETH', 'USD', 3000), ('EUR', 'USD', 1.08), ('CNY', 'USD', 0.14),
  ('INR', 'USD', 0.012), ('PHP', 'USD', 0.018), ('THB', 'USD', 0.028), ('VND', 'USD', 0.00004),
  ('USDT', 'BRL', 5), ('USD', 'BRL', 5),
  ('USDT', 'EUR', 0.92), ('USD', 'EUR', 0.92),
  ('USDT', 'INR', 83), ('PHP', 'INR', 1.45), ('USD', 'INR', 83);
