-- Every store that exists has a row in page_versions (writes since the page cache came bump it; a
-- store untouched since then had none): the page cache answers the 404 of an address that never
-- was a store from that one look-up (server/unknown-store-page.ts), so the row must be there.
INSERT INTO page_versions (scope, version)
SELECT 'store:' || id, 1 FROM stores
ON CONFLICT (scope) DO NOTHING;
