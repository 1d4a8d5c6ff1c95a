ALTER TABLE "ai_patches" ADD COLUMN "negative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_patches" ADD COLUMN "markup_id" integer;--> statement-breakpoint
ALTER TABLE "ai_patches" ADD CONSTRAINT "ai_patches_markup_id_ai_markups_id_fk" FOREIGN KEY ("markup_id") REFERENCES "public"."ai_markups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_markups_open_idx" ON "ai_markups" USING btree ("image_id") WHERE "ai_markups"."status" = 'open';--> statement-breakpoint
ALTER TABLE "ai_patches" ADD CONSTRAINT "ai_patches_markup_id_unique" UNIQUE("markup_id");