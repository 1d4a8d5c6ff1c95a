ALTER TABLE "inspections" ADD COLUMN "completed_without_photos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "images_structure_rejected_idx" ON "images" USING btree ("structure_id") WHERE "images"."reject_datetime" is not null;--> statement-breakpoint
CREATE INDEX "structures_project_line_idx" ON "structures" USING btree ("project_id","line_id","id");