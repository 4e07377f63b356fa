-- Manual distribution (activity distribution 5; server/activities-control.ts): the operator pays a
-- reached tier (the claim's status 4, Distributed, with its ledger entry and turnover, as auto
-- dispatch pays) or rejects it (status 7, Rejected: a claim row that pays nothing and keeps the
-- tier decided, so a later pay or receive finds it taken).
ALTER TABLE activity_claims DROP CONSTRAINT activity_claims_status_check;
ALTER TABLE activity_claims ADD CONSTRAINT activity_claims_status_check CHECK (status IN (2, 4, 7));
