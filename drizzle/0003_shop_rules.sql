ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_quantity";--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "quantity" SET DATA TYPE numeric(10, 3);--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "quantity" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quantity_step" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_quantity" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "time_zone" text DEFAULT 'America/Mexico_City' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "opening_hours" jsonb DEFAULT '{"weekly":[[],[],[],[],[],[],[]],"exceptions":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pause_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "pause_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "outside_hours" text DEFAULT 'refuse' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "slot_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "lead_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "slot_capacity" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "delivery_pricing" jsonb DEFAULT '{"zones":[],"flatFee":0,"freeOver":null}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("store_id","scheduled_for");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_quantity" CHECK ("order_lines"."quantity" > 0);