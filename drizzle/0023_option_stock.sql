ALTER TABLE "order_lines" ADD COLUMN "stock_option_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_stock" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_option_stock" CHECK (jsonb_typeof("products"."option_stock") = 'object');