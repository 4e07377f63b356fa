-- What the access-restricted page (403) shows besides the lobby's own words (spec screens §2
-- /pages/403/; calls §7.3 GET /api/lobby/h5/config/getAccessRestrictedInfo): the operator's title
-- and text, empty until the operator writes them. A new store's sites get it from the seed
-- (server/seed.ts); the sites of an older store get the same document here.
INSERT INTO site_documents (site_code, name, doc)
SELECT s.code, 'accessRestricted', jsonb_build_object('title', '', 'content', '')
FROM sites s
ON CONFLICT DO NOTHING;
