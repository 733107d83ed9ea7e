-- The panel's alarm rings for pending orders nobody marked "Visto" (orders.seen_at). Orders that existed before
-- the alarm were already on the owners' panels: count them as seen, so the first visit after the upgrade
-- does not ring for every old pending order.
UPDATE "orders" SET "seen_at" = "created_at" WHERE "seen_at" IS NULL;
