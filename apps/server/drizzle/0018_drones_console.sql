ALTER TABLE "drone_commands" DROP CONSTRAINT "drone_commands_endpoint_check";--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "driver" varchar(20) DEFAULT 'simulator' NOT NULL;--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "address" varchar(200);--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "home_lat" double precision;--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "home_lon" double precision;--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "home_alt" double precision;--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "link_holder" varchar(100);--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "link_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "controller_id" integer;--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "control_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drones" ADD COLUMN "emergency_stop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drones" ADD CONSTRAINT "drones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drones" ADD CONSTRAINT "drones_controller_id_users_id_fk" FOREIGN KEY ("controller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drone_commands" ADD CONSTRAINT "drone_commands_endpoint_check" CHECK ("drone_commands"."endpoint" in ('/yawLeft', '/moveForward', '/yawRight', '/moveUp', '/moveLeft', '/moveBackward', '/moveRight', '/moveDown', '/arm', '/disarm', '/takeoff', '/land', '/returnHome', '/capture', '/recordStart', '/recordStop'));--> statement-breakpoint
ALTER TABLE "drones" ADD CONSTRAINT "drones_driver_check" CHECK ("drones"."driver" in ('simulator', 'mavlink'));