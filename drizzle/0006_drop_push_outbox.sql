DROP TABLE "push_outbox" CASCADE;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "last_delivery_at" timestamp with time zone;