CREATE TABLE "order_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_changes_type" CHECK ("order_changes"."type" in ('order.created', 'order.updated'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_changes_store_idx" ON "order_changes" USING btree ("store_id","id");