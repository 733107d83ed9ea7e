CREATE TABLE "image_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "image_uploads_created_idx" ON "image_uploads" USING btree ("created_at");