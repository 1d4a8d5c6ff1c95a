CREATE TABLE "project_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"structure_count" integer,
	"structures_done" integer DEFAULT 0 NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"size_bytes" bigint,
	"job_id" integer,
	"error" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "project_reports_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "project_reports_status_check" CHECK ("project_reports"."status" in ('queued', 'building', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_reports" ADD CONSTRAINT "project_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_reports_project_idx" ON "project_reports" USING btree ("project_id","id");