-- The operator's console, money (docs/operations.md, server/support/ops-money.ts).
-- Four-eyes: above a site's second-approval amount a withdrawal needs the approvals of two
-- different finance accounts before it can be marked paid. One row per order and account, so the
-- same account approving twice counts once.
ALTER TABLE withdraw_site_settings ADD COLUMN second_approval_over numeric(38, 10) NOT NULL DEFAULT 10000 CHECK (second_approval_over >= 0);
CREATE TABLE withdraw_approvals (
  order_id   bigint NOT NULL REFERENCES withdraw_orders (id) ON DELETE CASCADE,
  account    text NOT NULL,
  reason     text NOT NULL DEFAULT '',
  at         timestamptz NOT NULL,
  PRIMARY KEY (order_id, account)
);
-- The payout's reference (the bank's or the chain's), given when finance marks the order paid.
ALTER TABLE withdraw_orders ADD COLUMN payout_reference text NOT NULL DEFAULT '';

-- A console decision on a deposit: confirmed, rejected (with the reason) or settled by hand (an
-- online order its provider never confirmed, with the provider's reference). One per order: the
-- primary key makes a second decision, however sent, change nothing.
CREATE TABLE deposit_decisions (
  order_no   bigint PRIMARY KEY REFERENCES deposit_orders (order_no) ON DELETE CASCADE,
  action     text NOT NULL CHECK (action IN ('confirmed', 'rejected', 'settled')),
  account    text NOT NULL,
  reason     text NOT NULL DEFAULT '',
  reference  text NOT NULL DEFAULT '',
  at         timestamptz NOT NULL
);
