-- "Requiero factura" (docs/decisions/053): a store may let shoppers ask for an invoice; the fiscal
-- data, checked against the SAT's catalogues, is kept beside the order, with the state the owner
-- sets and the PDF and XML the owner attaches (small files, kept in the row: they are the order's).
ALTER TABLE "store_settings" ADD COLUMN "allow_invoice_requests" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "order_invoices" (
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"rfc" text NOT NULL,
	"name" text NOT NULL,
	"regimen_fiscal" text NOT NULL,
	"uso_cfdi" text NOT NULL,
	"postal_code" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoiced_at" timestamp with time zone,
	"pdf" "bytea",
	"xml" "bytea",
	"sent_at" timestamp with time zone,
	CONSTRAINT "order_invoices_store_id_order_id_pk" PRIMARY KEY("store_id","order_id"),
	CONSTRAINT "order_invoices_rfc" CHECK ("order_invoices"."rfc" ~ '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{2}[0-9A]$'),
	CONSTRAINT "order_invoices_postal_code" CHECK ("order_invoices"."postal_code" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_store_id_order_id_orders_store_id_id_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;
