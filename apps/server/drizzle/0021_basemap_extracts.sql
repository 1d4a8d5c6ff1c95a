CREATE TABLE "basemap_extracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"tile_type" varchar(6) NOT NULL,
	"min_zoom" smallint NOT NULL,
	"max_zoom" smallint NOT NULL,
	"min_lon" real NOT NULL,
	"min_lat" real NOT NULL,
	"max_lon" real NOT NULL,
	"max_lat" real NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basemap_extracts_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "basemap_extracts_tile_type_check" CHECK ("basemap_extracts"."tile_type" in ('vector', 'raster'))
);
--> statement-breakpoint
ALTER TABLE "file_uploads" DROP CONSTRAINT "file_uploads_kind_check";--> statement-breakpoint
ALTER TABLE "basemap_extracts" ADD CONSTRAINT "basemap_extracts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_kind_check" CHECK ("file_uploads"."kind" in ('csv', 'kmz', 'image', 'flight_plan', 'ai_image', 'pmtiles'));