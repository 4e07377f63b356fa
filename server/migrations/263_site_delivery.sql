-- A site's senders of codes (issue 45; server/mail/delivery.ts, docs/hall.md "Mail and SMS"):
-- the SMTP server of its e-mail codes and the SMS provider of its phone codes, none until the
-- operator names them. A new store's sites get it from the seed (server/seed.ts); the sites of an
-- older store get the same document here.
INSERT INTO site_documents (site_code, name, doc)
SELECT s.code, 'delivery', '{}'::jsonb
FROM sites s
ON CONFLICT DO NOTHING;
