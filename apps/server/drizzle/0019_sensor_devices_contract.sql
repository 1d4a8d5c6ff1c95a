CREATE TABLE "sensor_readings_hourly" (
	"device_id" varchar(64) NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"readings" integer NOT NULL,
	"vibration_x_min" double precision,
	"vibration_x_max" double precision,
	"vibration_y_min" double precision,
	"vibration_y_max" double precision,
	"vibration_z_min" double precision,
	"vibration_z_max" double precision,
	"tilt_x" double precision,
	"tilt_y" double precision,
	"tilt_z" double precision,
	CONSTRAINT "sensor_readings_hourly_pkey" PRIMARY KEY("device_id","hour")
);
--> statement-breakpoint
DROP INDEX "sensor_readings_device_time_idx";--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD COLUMN "token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD COLUMN "latest_payload_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD COLUMN "latest_payload" jsonb;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD COLUMN "first_vibration_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sensor_readings_hourly" ADD CONSTRAINT "sensor_readings_hourly_device_id_sensor_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."sensor_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: one reading per (device, time) before the key replaces the serial id (the generated SQL added
-- the key before dropping the old one, which PostgreSQL refuses).
DELETE FROM "sensor_readings" a USING "sensor_readings" b
  WHERE a."device_id" = b."device_id" AND a."payload_time" = b."payload_time" AND a."id" > b."id";--> statement-breakpoint
ALTER TABLE "sensor_readings" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_pkey" PRIMARY KEY("device_id","payload_time");--> statement-breakpoint
-- hand-written: the latest-value columns from the readings already stored.
UPDATE "sensor_devices" d SET
  "latest_payload_time" = r."payload_time", "latest_payload" = r."payload", "last_seen_at" = r."payload_time"
  FROM (SELECT DISTINCT ON ("device_id") "device_id", "payload_time", "payload" FROM "sensor_readings"
        ORDER BY "device_id", "payload_time" DESC) r
  WHERE r."device_id" = d."device_id";--> statement-breakpoint
UPDATE "sensor_devices" d SET "first_vibration_time" = f."t"
  FROM (SELECT "device_id", min("payload_time") AS "t" FROM "sensor_readings"
        WHERE jsonb_array_length(coalesce("payload"->'vibration', '[]'::jsonb)) > 0 GROUP BY "device_id") f
  WHERE f."device_id" = d."device_id";
