-- Brazilian Portuguese for the Brazilian sites (issue 45; src/i18n/locales/pt_BR): sites 101 and
-- 081 spoke European Portuguese under the name "Português (Brasil)"; their language becomes pt_BR,
-- offered in the same place of their list, and their system info recommends it. A new store gets
-- the same from the seed (server/seed.ts); an operator who chose another language keeps it.
UPDATE site_languages SET language_code = 'pt_BR', translate_name = 'Português (Brasil)'
WHERE site_code IN ('101', '081') AND language_code = 'pt_PT';

UPDATE sites SET language_code = 'pt_BR'
WHERE code IN ('101', '081') AND language_code = 'pt_PT';

UPDATE site_documents SET doc = jsonb_set(doc, '{recommendLanguage}', '"pt_BR"')
WHERE site_code IN ('101', '081') AND name = 'sysInfo' AND doc->>'recommendLanguage' = 'pt_PT';
