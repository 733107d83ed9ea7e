-- Card payments through the store's own Mercado Pago account (docs/decisions/052).
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method" CHECK ("payment_method" is null or "payment_method" in ('cash', 'transfer', 'card', 'mercadopago'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- A store's linked account: the secrets are AES-256-GCM ciphertexts (app/domain/payments/sealed.server.ts).
CREATE TABLE "payment_accounts" (
  "store_id" text PRIMARY KEY NOT NULL REFERENCES "stores"("id") ON DELETE CASCADE,
  "provider" text DEFAULT 'mercadopago' NOT NULL,
  "linked_via" text NOT NULL,
  "provider_user_id" text NOT NULL,
  "nickname" text NOT NULL,
  "public_key" text DEFAULT '' NOT NULL,
  "access_token" text NOT NULL,
  "refresh_token" text,
  "webhook_secret" text,
  "expires_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "payment_accounts_provider" CHECK ("provider" in ('mercadopago')),
  CONSTRAINT "payment_accounts_linked_via" CHECK ("linked_via" in ('token', 'oauth'))
);--> statement-breakpoint
-- One row per payment the provider reported for an order: the unique key makes applying it idempotent.
CREATE TABLE "provider_payments" (
  "provider" text NOT NULL,
  "payment_id" text NOT NULL,
  "store_id" text NOT NULL,
  "order_id" text NOT NULL,
  "status" text NOT NULL,
  "amount" numeric(12, 2) NOT NULL,
  "refund_id" text,
  "refunded_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "provider_payments_pk" PRIMARY KEY ("provider", "payment_id"),
  CONSTRAINT "provider_payments_order_fk" FOREIGN KEY ("store_id", "order_id") REFERENCES "orders"("store_id", "id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "provider_payments_order_idx" ON "provider_payments" ("store_id", "order_id");--> statement-breakpoint
-- The sweep asks about card orders still waiting: few, found by this index.
CREATE INDEX "orders_waiting_card_idx" ON "orders" ("created_at") WHERE "payment_method" = 'mercadopago' AND "status" = 'pending' AND "paid_at" IS NULL;
