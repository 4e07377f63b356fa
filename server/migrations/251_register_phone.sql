-- Whether a site's registration asks for a phone (issue 24; server/register-phone.ts): 'off',
-- 'optional' or 'required', off unless the operator asks for one. A new store's sites get it from
-- the seed (server/seed.ts); the sites of an older store get the same document here.
INSERT INTO site_documents (site_code, name, doc)
SELECT s.code, 'register', jsonb_build_object('phone', 'off')
FROM sites s
ON CONFLICT DO NOTHING;
