CREATE TABLE "ai_markups" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"version" integer NOT NULL,
	"image_id" integer NOT NULL,
	"left" double precision NOT NULL,
	"top" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"score" double precision NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"annotation_id" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_markups_status_check" CHECK ("ai_markups"."status" in ('open', 'accepted', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "ai_model_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"version" integer NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL,
	"train_images" integer NOT NULL,
	"validation_images" integer NOT NULL,
	"precision" double precision,
	"recall" double precision,
	"ap50" double precision,
	"threshold" double precision NOT NULL,
	"confusion" jsonb NOT NULL,
	"pr_curve" jsonb NOT NULL,
	"weights_key" varchar(500) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_model_images" ADD COLUMN "nothing_to_find" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_model_images" ADD COLUMN "marked_by" integer;--> statement-breakpoint
ALTER TABLE "ai_models" ADD COLUMN "split_seed" integer DEFAULT floor(random() * 2147483647)::int NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_models" ADD COLUMN "training_job_id" integer;--> statement-breakpoint
ALTER TABLE "ai_models" ADD COLUMN "markup_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ai_markups" ADD CONSTRAINT "ai_markups_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_markups" ADD CONSTRAINT "ai_markups_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_markups" ADD CONSTRAINT "ai_markups_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_versions" ADD CONSTRAINT "ai_model_versions_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_markups_image_idx" ON "ai_markups" USING btree ("image_id","model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_model_versions_model_version_unique" ON "ai_model_versions" USING btree ("model_id","version");--> statement-breakpoint
ALTER TABLE "ai_model_images" ADD CONSTRAINT "ai_model_images_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;