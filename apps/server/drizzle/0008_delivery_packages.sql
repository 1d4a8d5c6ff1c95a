CREATE TABLE "delivery_package_images" (
	"package_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	CONSTRAINT "delivery_package_images_package_id_image_id_pk" PRIMARY KEY("package_id","image_id"),
	CONSTRAINT "delivery_package_images_image_unique" UNIQUE("image_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"number" integer NOT NULL,
	"archive_name" varchar(255) NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"image_count" integer NOT NULL,
	"files_done" integer DEFAULT 0 NOT NULL,
	"bytes_total" bigint,
	"storage_key" varchar(500) NOT NULL,
	"size_bytes" bigint,
	"job_id" integer,
	"error" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "delivery_packages_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "delivery_packages_project_number_unique" UNIQUE("project_id","number"),
	CONSTRAINT "delivery_packages_status_check" CHECK ("delivery_packages"."status" in ('queued', 'building', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "delivery_package_images" ADD CONSTRAINT "delivery_package_images_package_id_delivery_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."delivery_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_package_images" ADD CONSTRAINT "delivery_package_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_packages" ADD CONSTRAINT "delivery_packages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_packages" ADD CONSTRAINT "delivery_packages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_packages" ADD CONSTRAINT "delivery_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;