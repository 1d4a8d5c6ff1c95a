DROP INDEX "flight_plans_project_idx";--> statement-breakpoint
ALTER TABLE "flight_plans" ADD COLUMN "format" varchar(4) DEFAULT 'qgc' NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_plans" ADD COLUMN "waypoints" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "flight_plans" ADD COLUMN "waypoint_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "flight_plans_project_idx" ON "flight_plans" USING btree ("project_id","created_date");--> statement-breakpoint
ALTER TABLE "flight_plans" ADD CONSTRAINT "flight_plans_storage_key_unique" UNIQUE("storage_key");--> statement-breakpoint
ALTER TABLE "flight_plans" ADD CONSTRAINT "flight_plans_format_check" CHECK ("flight_plans"."format" in ('qgc', 'json'));