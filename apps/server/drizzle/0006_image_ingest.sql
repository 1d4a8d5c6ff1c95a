ALTER TABLE "images" ADD COLUMN "relative_altitude" double precision;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "gimbal_pitch" double precision;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "capture_offset" varchar(6);--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "meters_from_struct" double precision;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "assignment_confidence" double precision;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "file_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_file_upload_id_file_uploads_id_fk" FOREIGN KEY ("file_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_project_unassigned_idx" ON "images" USING btree ("project_id") WHERE "images"."structure_id" is null;