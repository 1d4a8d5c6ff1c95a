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
ALTER TABLE "ai_markups" ADD CONSTRAINT "ai_markups_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_markups" ADD CONSTRAINT "ai_markups_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_markups" ADD CONSTRAINT "ai_markups_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_markups_image_idx" ON "ai_markups" USING btree ("image_id","model_id");