ALTER TABLE "drones" DROP CONSTRAINT "drones_serial_number_unique";--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "drones_serial_unique" ON "drones" USING btree (lower("serial_number"));