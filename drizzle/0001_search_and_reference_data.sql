-- Accent- and case-insensitive search: "panaderia" finds "Panadería". unaccent() is only STABLE, so an
-- IMMUTABLE wrapper with an explicit dictionary makes it usable in an index expression.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tianguis_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_search_trgm_idx ON products
  USING gin (tianguis_search_text(name || ' ' || description) gin_trgm_ops);
--> statement-breakpoint
INSERT INTO store_categories (id, name, position) VALUES
  ('sweets', 'Postres y dulces', 1),
  ('takeout', 'Comida para llevar', 2),
  ('gifts', 'Regalos y artesanías', 3),
  ('beauty', 'Belleza y cuidado personal', 4)
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO cities (id, name, state) VALUES
  ('aguascalientes', 'Aguascalientes', 'Aguascalientes'),
  ('ciudad-de-mexico', 'Ciudad de México', 'Ciudad de México'),
  ('guadalajara', 'Guadalajara', 'Jalisco'),
  ('monterrey', 'Monterrey', 'Nuevo León'),
  ('puebla', 'Puebla', 'Puebla'),
  ('queretaro', 'Querétaro', 'Querétaro'),
  ('leon', 'León', 'Guanajuato'),
  ('merida', 'Mérida', 'Yucatán'),
  ('oaxaca', 'Oaxaca', 'Oaxaca'),
  ('zacatecas', 'Zacatecas', 'Zacatecas')
ON CONFLICT (id) DO NOTHING;
