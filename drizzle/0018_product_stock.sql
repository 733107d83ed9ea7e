ALTER TABLE "order_lines" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "daily_stock" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_refilled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_daily_stock_idx" ON "products" USING btree ("store_id") WHERE "products"."daily_stock" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock" CHECK ("products"."stock" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_daily_stock" CHECK ("products"."daily_stock" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold" CHECK ("products"."low_stock_threshold" > 0);