ALTER TABLE "bids" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_project_unique" UNIQUE("project_id");--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_request_unique" UNIQUE("request_id");