CREATE TABLE "discount_code_uses" (
	"store_id" text NOT NULL,
	"code_id" text NOT NULL,
	"order_id" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_code_uses_store_id_order_id_code_id_pk" PRIMARY KEY("store_id","order_id","code_id")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"store_id" text NOT NULL,
	"id" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"min_subtotal" numeric(12, 2) DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"once_per_phone" boolean DEFAULT false NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" in ('percent', 'amount')),
	CONSTRAINT "discount_codes_value" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_uses" CHECK ("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"store_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"buy" integer DEFAULT 0 NOT NULL,
	"pay" integer DEFAULT 0 NOT NULL,
	"percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_store_id_id_pk" PRIMARY KEY("store_id","id"),
	CONSTRAINT "offers_kind" CHECK ("offers"."kind" in ('bundle', 'percent')),
	CONSTRAINT "offers_rule" CHECK (("offers"."kind" = 'bundle' and "offers"."buy" > "offers"."pay" and "offers"."pay" >= 1) or ("offers"."kind" = 'percent' and "offers"."percent" > 0 and "offers"."percent" <= 100))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discounts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_store_id_code_id_discount_codes_store_id_id_fk" FOREIGN KEY ("store_id","code_id") REFERENCES "public"."discount_codes"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_code_uses_phone_idx" ON "discount_code_uses" USING btree ("store_id","code_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("store_id","code");--> statement-breakpoint
-- Offers show on the store and city pages (badges): a write bumps their page versions in the writer's
-- own transaction, as for products (0012). Codes are never shown, so their uses cost no page.
CREATE TRIGGER offers_pages_inserted AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tianguis_pages_of_store_rows();--> statement-breakpoint
CREATE TRIGGER offers_pages_updated AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tianguis_pages_of_store_rows();--> statement-breakpoint
CREATE TRIGGER offers_pages_deleted AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tianguis_pages_of_store_rows();
