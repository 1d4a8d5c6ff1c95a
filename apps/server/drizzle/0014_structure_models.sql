CREATE TABLE "structure_models" (
	"structure_id" integer PRIMARY KEY NOT NULL,
	"model" jsonb NOT NULL,
	"image_ids" jsonb NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"job_id" integer
);
--> statement-breakpoint
ALTER TABLE "structure_models" ADD CONSTRAINT "structure_models_structure_id_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structure_models" ADD CONSTRAINT "structure_models_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;