ALTER TABLE "jobs" DROP CONSTRAINT "jobs_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "import_state" varchar(10);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "import_job_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;