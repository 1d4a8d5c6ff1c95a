CREATE TABLE "drone_flight_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" varchar(40) NOT NULL,
	"lat" double precision,
	"lon" double precision
);
--> statement-breakpoint
CREATE TABLE "drone_flight_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"flight_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"altitude" double precision NOT NULL,
	"heading" double precision NOT NULL,
	"speed" double precision NOT NULL,
	"battery_percent" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drone_flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"drone_id" integer NOT NULL,
	"pilot_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "drones" DROP CONSTRAINT "drones_serial_number_unique";--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drone_flight_events" ADD CONSTRAINT "drone_flight_events_flight_id_drone_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."drone_flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drone_flight_points" ADD CONSTRAINT "drone_flight_points_flight_id_drone_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."drone_flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drone_flights" ADD CONSTRAINT "drone_flights_drone_id_drones_id_fk" FOREIGN KEY ("drone_id") REFERENCES "public"."drones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drone_flights" ADD CONSTRAINT "drone_flights_pilot_id_users_id_fk" FOREIGN KEY ("pilot_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drone_flight_events_flight_at_idx" ON "drone_flight_events" USING btree ("flight_id","at");--> statement-breakpoint
CREATE INDEX "drone_flight_points_flight_at_idx" ON "drone_flight_points" USING btree ("flight_id","at");--> statement-breakpoint
CREATE INDEX "drone_flights_drone_started_idx" ON "drone_flights" USING btree ("drone_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drones_serial_unique" ON "drones" USING btree (lower("serial_number"));