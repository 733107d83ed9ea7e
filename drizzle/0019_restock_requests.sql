CREATE TABLE "restock_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"product_id" text NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"address" text NOT NULL,
	"token" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restock_requests_token_unique" UNIQUE("token"),
	CONSTRAINT "restock_requests_channel" CHECK ("restock_requests"."channel" in ('email'))
);
--> statement-breakpoint
ALTER TABLE "restock_requests" ADD CONSTRAINT "restock_requests_store_id_product_id_products_store_id_id_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_requests_address_idx" ON "restock_requests" USING btree ("store_id","product_id","address");