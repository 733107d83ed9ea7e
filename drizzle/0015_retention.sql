CREATE TABLE "page_view_days" (
	"store_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_view_days_store_id_day_pk" PRIMARY KEY("store_id","day")
);
--> statement-breakpoint
CREATE TABLE "rollup_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"through" date NOT NULL
);
