ALTER TABLE "store_settings" ADD COLUMN "tips_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "tip_percentages" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "tip_own_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_tip_percentages" CHECK (cardinality("store_settings"."tip_percentages") <= 3 and 1 <= all("store_settings"."tip_percentages") and 50 >= all("store_settings"."tip_percentages"));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip_percent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tip" CHECK ("orders"."tip" >= 0 and ("orders"."tip_percent" is null or "orders"."tip_percent" between 1 and 50));
