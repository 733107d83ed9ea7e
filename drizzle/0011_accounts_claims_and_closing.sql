CREATE TABLE "store_claims" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_owners" ADD COLUMN "email_new_orders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_claims" ADD CONSTRAINT "store_claims_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_claims" ADD CONSTRAINT "store_claims_created_by_auth_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_claims" ADD CONSTRAINT "store_claims_used_by_auth_user_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_claims_store_idx" ON "store_claims" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "stores_closed_idx" ON "stores" USING btree ("closed_at") WHERE "stores"."closed_at" is not null;