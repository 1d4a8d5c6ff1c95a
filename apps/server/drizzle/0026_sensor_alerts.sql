CREATE TABLE "sensor_alert_rules" (
	"company_id" integer NOT NULL,
	"structure_class" varchar(16) NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "sensor_alert_rules_pkey" PRIMARY KEY("company_id","structure_class")
);
--> statement-breakpoint
CREATE TABLE "sensor_alert_subscribers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"company_id" integer,
	"kind" varchar(10) NOT NULL,
	"level" smallint NOT NULL,
	"threshold" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"peak" double precision
);
--> statement-breakpoint
ALTER TABLE "sensor_alert_rules" ADD CONSTRAINT "sensor_alert_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_alert_rules" ADD CONSTRAINT "sensor_alert_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_alert_subscribers" ADD CONSTRAINT "sensor_alert_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_alerts" ADD CONSTRAINT "sensor_alerts_device_id_sensor_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."sensor_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_alerts" ADD CONSTRAINT "sensor_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensor_alerts_unfinished_unique" ON "sensor_alerts" USING btree ("device_id","kind","level") WHERE "sensor_alerts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "sensor_alerts_device_time_idx" ON "sensor_alerts" USING btree ("device_id","started_at");