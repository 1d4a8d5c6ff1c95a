ALTER TABLE "sensor_alert_subscribers" ADD COLUMN "email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sensor_alert_subscribers" ADD COLUMN "sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sensor_alerts" ADD COLUMN "end_reason" varchar(10);--> statement-breakpoint
UPDATE "sensor_alerts" SET "end_reason" = CASE WHEN "kind" = 'offline' THEN 'heard' ELSE 'cleared' END WHERE "ended_at" IS NOT NULL;