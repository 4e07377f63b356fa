-- The human challenge's kinds (issue 24; spec §8: 1119 force geetest with the image of digits,
-- 1124 slider, 1125 click, 1126 nine-square): a challenge remembers its kind, and its answer is
-- the digits (image) or JSON (the slider's x, the click's points, the nine-square's tiles).
ALTER TABLE challenges ADD COLUMN kind text NOT NULL DEFAULT 'image';

-- Which kind a site asks (site document 'challenge', docs/hall.md "Human challenges"): the image
-- unless the operator chose another. A new store's sites get it from the seed (server/seed.ts);
-- the sites of an older store get the same document here.
INSERT INTO site_documents (site_code, name, doc)
SELECT s.code, 'challenge', jsonb_build_object('kind', 'image')
FROM sites s
ON CONFLICT DO NOTHING;
