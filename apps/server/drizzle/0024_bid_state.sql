ALTER TABLE "bids" ADD COLUMN "status" varchar(10) DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "won_by" integer;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_won_by_users_id_fk" FOREIGN KEY ("won_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_status_check" CHECK ("bids"."status" in ('open', 'won'));