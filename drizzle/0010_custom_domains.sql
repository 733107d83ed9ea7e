CREATE TABLE "custom_domains" (
	"store_id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"problems" text[] DEFAULT '{}'::text[] NOT NULL,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_domains_status" CHECK ("custom_domains"."status" in ('pending', 'verified', 'failing'))
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_live_host_idx" ON "custom_domains" USING btree ("host") WHERE "custom_domains"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "custom_domains_host_idx" ON "custom_domains" USING btree ("host");