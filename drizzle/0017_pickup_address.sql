-- Where shoppers pick up their orders (street and number), which the tracking page of a pickup order and
-- the store page's structured data show. Empty for every store until its owner writes it: a store that
-- sets nothing is shown as before.
ALTER TABLE "store_settings" ADD COLUMN "pickup_address" text DEFAULT '' NOT NULL;
