CREATE TABLE "asset_order_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pole_order_status_id" smallint NOT NULL,
	"status_address" varchar(200) NOT NULL,
	"location" "point",
	"occurred_at" timestamp with time zone NOT NULL,
	"source" varchar(10) NOT NULL,
	"external_id" varchar(100),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_order_updates_source_check" CHECK ("asset_order_updates"."source" in ('staff', 'webhook'))
);
--> statement-breakpoint
ALTER TABLE "asset_orders" ALTER COLUMN "pole_location_id" SET DATA TYPE varchar(100);--> statement-breakpoint
ALTER TABLE "asset_orders" ADD COLUMN "asset_id" integer;--> statement-breakpoint
ALTER TABLE "asset_orders" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "asset_order_updates" ADD CONSTRAINT "asset_order_updates_order_id_asset_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."asset_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_order_updates" ADD CONSTRAINT "asset_order_updates_pole_order_status_id_pole_order_statuses_id_fk" FOREIGN KEY ("pole_order_status_id") REFERENCES "public"."pole_order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_order_updates" ADD CONSTRAINT "asset_order_updates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_order_updates_order_idx" ON "asset_order_updates" USING btree ("order_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_order_updates_external_unique" ON "asset_order_updates" USING btree ("external_id");--> statement-breakpoint
ALTER TABLE "asset_orders" ADD CONSTRAINT "asset_orders_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_orders" ADD CONSTRAINT "asset_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_orders_open_asset_unique" ON "asset_orders" USING btree ("asset_id") WHERE "asset_orders"."pole_order_status_id" is distinct from 5;--> statement-breakpoint
-- Orders stored before their history existed get one update: their current state.
INSERT INTO "asset_order_updates" ("order_id", "pole_order_status_id", "status_address", "location", "occurred_at", "source")
SELECT "id", "pole_order_status_id", coalesce("status_address", ''), "location",
       coalesce("sent_time", "shipment_created_date", "created_at"), 'staff'
FROM "asset_orders" WHERE "pole_order_status_id" IS NOT NULL;
