CREATE TABLE "drone_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"drone_id" integer NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"frames" integer NOT NULL,
	"fps" double precision NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" double precision NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	CONSTRAINT "drone_recordings_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "failsafes" jsonb;--> statement-breakpoint
ALTER TABLE "drone_recordings" ADD CONSTRAINT "drone_recordings_drone_id_drones_id_fk" FOREIGN KEY ("drone_id") REFERENCES "public"."drones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drone_recordings" ADD CONSTRAINT "drone_recordings_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drone_recordings_drone_started_idx" ON "drone_recordings" USING btree ("drone_id","started_at");