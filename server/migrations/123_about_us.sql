-- The about-us document (spec screens §2 /home/about, shown while the brand logo info's
-- aboutUsStatus is 1; the call GET /api/lobby/aboutUs/getInfo is the hall's own design,
-- docs/hall-protocol.md "About us"). A new store's sites get it from the seed (server/seed.ts
-- aboutUsOf); the sites of an older store get the same document here.
INSERT INTO site_documents (site_code, name, doc)
SELECT s.code, 'aboutUs', jsonb_build_object(
  'title', 'About ' || s.name,
  'content', '<h2>Who we are</h2><p>' || s.name || ' is a demonstration lobby of the reference hall: games, savings, VIP and more in one place.</p><h2>Fair play</h2><p>Every game round and every balance change is recorded in the hall''s ledger.</p>'
)
FROM sites s
ON CONFLICT DO NOTHING;
