ALTER TABLE "restock_requests" DROP CONSTRAINT "restock_requests_channel";--> statement-breakpoint
ALTER TABLE "restock_requests" ADD COLUMN "p256dh" text;--> statement-breakpoint
ALTER TABLE "restock_requests" ADD COLUMN "auth" text;--> statement-breakpoint
ALTER TABLE "restock_requests" ADD CONSTRAINT "restock_requests_push_keys" CHECK (("restock_requests"."channel" = 'push') = ("restock_requests"."p256dh" is not null and "restock_requests"."auth" is not null));--> statement-breakpoint
ALTER TABLE "restock_requests" ADD CONSTRAINT "restock_requests_channel" CHECK ("restock_requests"."channel" in ('email', 'push'));