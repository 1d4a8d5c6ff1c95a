ALTER TABLE "basemap_extracts" ADD COLUMN "name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "basemap_extracts" ADD COLUMN "removed_at" timestamp with time zone;