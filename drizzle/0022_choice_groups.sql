ALTER TABLE "order_lines" ADD COLUMN "choices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "choice_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;