-- The operator's console (docs/operations.md): finance settles money and players' accounts,
-- marketing runs promotions and content, beside the support agents and leads.
ALTER TABLE support_accounts DROP CONSTRAINT support_accounts_role_check;
ALTER TABLE support_accounts ADD CONSTRAINT support_accounts_role_check CHECK (role IN ('agent', 'lead', 'finance', 'marketing'));
