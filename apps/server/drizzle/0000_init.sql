CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"action" varchar(80) NOT NULL,
	"object_type" varchar(60) NOT NULL,
	"object_id" varchar(80),
	"details" jsonb,
	"ip" "inet",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" varchar(100) NOT NULL,
	"poc_first_name" varchar(50),
	"poc_last_name" varchar(50),
	"poc_email" varchar(254),
	"poc_phone" varchar(30),
	"inspection_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(10) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"subject" varchar(300),
	"body" text NOT NULL,
	"status" varchar(10) NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"role_name" varchar(30) NOT NULL,
	"display_name" varchar(50) NOT NULL,
	CONSTRAINT "roles_role_name_unique" UNIQUE("role_name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" "inet",
	"user_agent" varchar(400)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"first_name" varchar(50) NOT NULL,
	"last_name" varchar(50) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(30),
	"password_hash" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"start_date" date,
	"last_login" timestamp with time zone,
	"eula_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"md5" varchar(32) NOT NULL,
	"image_name" varchar(255) NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"img_width" integer,
	"img_height" integer,
	"size_bytes" bigint,
	"content_type" varchar(50),
	"has_thumb" boolean DEFAULT false NOT NULL,
	"has_medium" boolean DEFAULT false NOT NULL,
	"source_image_id" integer,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_images_md5_unique" UNIQUE("md5"),
	CONSTRAINT "ai_images_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "ai_model_images" (
	"model_id" integer NOT NULL,
	"ai_image_id" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_model_images_model_id_ai_image_id_pk" PRIMARY KEY("model_id","ai_image_id")
);
--> statement-breakpoint
CREATE TABLE "ai_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_class_id" integer,
	"model_class_name" varchar(100) NOT NULL,
	"model_holdbackpercentage" smallint DEFAULT 10 NOT NULL,
	"model_notes" text,
	"userinitatedstarttrainingdate" timestamp with time zone,
	"currentstep" integer DEFAULT 0 NOT NULL,
	"totalstepcount" integer DEFAULT 0 NOT NULL,
	"state" varchar(20),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "ai_models_holdback_check" CHECK ("ai_models"."model_holdbackpercentage" between 0 and 100),
	CONSTRAINT "ai_models_state_check" CHECK ("ai_models"."state" in ('Trained', 'Training', 'Ready to Train', 'Waiting for Markup', 'Waiting for Images'))
);
--> statement-breakpoint
CREATE TABLE "ai_patches" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"ai_image_id" integer NOT NULL,
	"left" double precision NOT NULL,
	"top" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"polygon" jsonb,
	"note" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "annotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" integer NOT NULL,
	"annotation_number" integer NOT NULL,
	"shape" varchar(7) NOT NULL,
	"rect_top_left_x" double precision,
	"rect_top_left_y" double precision,
	"rect_width" double precision,
	"rect_height" double precision,
	"polygon" jsonb,
	"risk_level" smallint DEFAULT 2 NOT NULL,
	"category_id" integer,
	"sub_category_id" integer,
	"note" varchar(500),
	"image_width" integer,
	"image_height" integer,
	"ett_evaluation_code_id" integer,
	"ett_knuckle_flat_position_id" integer,
	"model_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotations_image_number_unique" UNIQUE("image_id","annotation_number"),
	CONSTRAINT "annotations_risk_level_check" CHECK ("annotations"."risk_level" between 1 and 5),
	CONSTRAINT "annotations_shape_check" CHECK ("annotations"."shape" in ('rect', 'polygon'))
);
--> statement-breakpoint
CREATE TABLE "asset_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"pole_location_id" varchar(50) NOT NULL,
	"company_id" integer NOT NULL,
	"pole_order_status_id" smallint,
	"status_address" varchar(200),
	"location" "point",
	"shipment_created_date" timestamp with time zone,
	"sent_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pole_order_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"status_text" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfp_name" varchar(100) NOT NULL,
	"project_duration" date NOT NULL,
	"company_id" integer NOT NULL,
	"abbreviation" varchar(20),
	"legal_name" varchar(100),
	"address" varchar(200),
	"state" varchar(2),
	"city" varchar(50),
	"zip" varchar(10),
	"salutation" varchar(20),
	"contact_name" varchar(100),
	"contact_dept" varchar(100),
	"contact_email" varchar(254),
	"contact_phone" varchar(30),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crew_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"crew_number" smallint NOT NULL,
	"color" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_groups_project_number_unique" UNIQUE("project_id","crew_number"),
	CONSTRAINT "crew_groups_number_check" CHECK ("crew_groups"."crew_number" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "crew_members" (
	"crew_group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_members_crew_group_id_user_id_pk" PRIMARY KEY("crew_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "drone_commands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"drone_id" integer NOT NULL,
	"request_id" uuid NOT NULL,
	"endpoint" varchar(20) NOT NULL,
	"request_json" jsonb,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "drone_commands_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "drone_commands_endpoint_check" CHECK ("drone_commands"."endpoint" in ('/yawLeft', '/moveForward', '/yawRight', '/moveUp', '/moveLeft', '/moveBackward', '/moveRight', '/moveDown', '/arm', '/takeoff', '/land'))
);
--> statement-breakpoint
CREATE TABLE "drones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"serial_number" varchar(100),
	"company_id" integer,
	"last_status" jsonb,
	"last_status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drones_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "abb_id_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"id_type_name" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ett_arm_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ett_arm_id" integer NOT NULL,
	"note_text" varchar(500) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ett_arm_positions" (
	"id" integer PRIMARY KEY NOT NULL,
	"arm_position_text" varchar(50) NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ett_arms" (
	"id" serial PRIMARY KEY NOT NULL,
	"inspection_id" integer NOT NULL,
	"arm_position_id" integer NOT NULL,
	"classification" varchar(15),
	"manufacturer" varchar(1),
	"part" varchar(100),
	"serial_num" varchar(100),
	"release_num" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "ett_arms_inspection_position_unique" UNIQUE("inspection_id","arm_position_id"),
	CONSTRAINT "ett_arms_classification_check" CHECK ("ett_arms"."classification" in ('Original', 'Remanufactured', 'Replacement')),
	CONSTRAINT "ett_arms_manufacturer_check" CHECK ("ett_arms"."manufacturer" in ('F', 'H', 'T', 'V'))
);
--> statement-breakpoint
CREATE TABLE "ett_evaluation_codes" (
	"id" integer PRIMARY KEY NOT NULL,
	"code_value" varchar(10) NOT NULL,
	"description" varchar(200) NOT NULL,
	CONSTRAINT "ett_evaluation_codes_code_value_unique" UNIQUE("code_value")
);
--> statement-breakpoint
CREATE TABLE "knuckle_flat_positions" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"box_id" varchar(100) NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"uploaded_by" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"flight_started_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "image_abb_types" (
	"image_id" integer NOT NULL,
	"abb_id_type_id" integer NOT NULL,
	CONSTRAINT "image_abb_types_image_id_abb_id_type_id_pk" PRIMARY KEY("image_id","abb_id_type_id")
);
--> statement-breakpoint
CREATE TABLE "image_identifier_links" (
	"image_id" integer PRIMARY KEY NOT NULL,
	"anno_img_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_identifiers" (
	"anno_img_id" integer PRIMARY KEY NOT NULL,
	"anno_img_name" varchar(50) NOT NULL,
	CONSTRAINT "image_identifiers_anno_img_name_unique" UNIQUE("anno_img_name")
);
--> statement-breakpoint
CREATE TABLE "image_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_id" integer NOT NULL,
	"note_text" varchar(500) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "image_notes_image_id_unique" UNIQUE("image_id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"structure_id" integer,
	"uploaded_by" integer,
	"md5" varchar(32) NOT NULL,
	"image_name" varchar(255) NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"size_bytes" bigint,
	"width" integer,
	"height" integer,
	"content_type" varchar(50),
	"exif" jsonb,
	"capture_time" timestamp with time zone,
	"location" "point",
	"altitude" double precision,
	"bearing" double precision,
	"camera_make" varchar(100),
	"camera_model" varchar(100),
	"has_thumb" boolean DEFAULT false NOT NULL,
	"has_medium" boolean DEFAULT false NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone,
	"reject_datetime" timestamp with time zone,
	"reject_reason" varchar(499),
	"rejected_by" integer,
	"first_viewed" timestamp with time zone,
	"first_zoomed" timestamp with time zone,
	"archived_date" timestamp with time zone,
	"archive_name" varchar(255),
	"archived_by" integer,
	"ett_photo_type_id" smallint,
	"ett_arm_id" integer,
	"arm_position_id" integer,
	"knuckle_flat_position_id" integer,
	"stepclip_json" jsonb,
	CONSTRAINT "images_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "images_project_md5_unique" UNIQUE("project_id","md5"),
	CONSTRAINT "images_ett_photo_type_check" CHECK ("images"."ett_photo_type_id" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "inspection_field_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"field_id" integer NOT NULL,
	"option_text" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_field_values" (
	"inspection_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	CONSTRAINT "inspection_field_values_inspection_id_field_id_pk" PRIMARY KEY("inspection_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "inspection_fields" (
	"id" integer PRIMARY KEY NOT NULL,
	"field_name" varchar(50) NOT NULL,
	CONSTRAINT "inspection_fields_field_name_unique" UNIQUE("field_name")
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"structure_id" integer NOT NULL,
	"component_id" integer,
	"review_status" varchar(20),
	"date_reviewed" timestamp with time zone,
	"reviewed_by" integer,
	"max_risk_level" smallint,
	"reshoot_reason" varchar(500),
	"reshoot_requested_at" timestamp with time zone,
	"reshoot_requested_by" integer,
	"escalated_at" timestamp with time zone,
	"escalated_by" integer,
	"str_type" varchar(50),
	"arm_type" varchar(50),
	"arm_qty" smallint,
	"anchor_qty" smallint,
	"guy_qty" smallint,
	"insulator_type" varchar(10),
	"insulator_qty" smallint,
	"cond_sleeve_qty" smallint,
	"inspector" varchar(100),
	"comments" text,
	"sem_remark" text,
	"sem_conditions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "inspections_structure_component_unique" UNIQUE NULLS NOT DISTINCT("structure_id","component_id"),
	CONSTRAINT "inspections_review_status_check" CHECK ("inspections"."review_status" in ('Complete', 'Reshoot Requested')),
	CONSTRAINT "inspections_max_risk_check" CHECK ("inspections"."max_risk_level" between 0 and 5),
	CONSTRAINT "inspections_arm_qty_check" CHECK ("inspections"."arm_qty" between 0 and 10),
	CONSTRAINT "inspections_anchor_qty_check" CHECK ("inspections"."anchor_qty" between 0 and 16),
	CONSTRAINT "inspections_insulator_type_check" CHECK ("inspections"."insulator_type" in ('Ceramic', 'Glass', 'Polymer')),
	CONSTRAINT "inspections_quantities_check" CHECK ("inspections"."guy_qty" >= 0 and "inspections"."insulator_qty" >= 0 and "inspections"."cond_sleeve_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(50),
	"last_name" varchar(50),
	"email" varchar(254) NOT NULL,
	"phone" varchar(30),
	"company_name" varchar(100),
	"message" text,
	"source" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pilot_attribute_links" (
	"pilot_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "pilot_attribute_links_pilot_id_attribute_id_pk" PRIMARY KEY("pilot_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "pilot_attributes" (
	"attribute_id" serial PRIMARY KEY NOT NULL,
	"att_name" varchar(50) NOT NULL,
	"type_name" varchar(5) NOT NULL,
	CONSTRAINT "pilot_attributes_type_check" CHECK ("pilot_attributes"."type_name" in ('prof', 'skill', 'cert'))
);
--> statement-breakpoint
CREATE TABLE "pilot_scheduling_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"status_text" varchar(40) NOT NULL,
	"status_text_friendly" varchar(40) NOT NULL,
	"color" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pilots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"availability" varchar(20) DEFAULT 'available' NOT NULL,
	"license_expiration" date,
	"home_base" varchar(50),
	"home_location" "point",
	"aircraft" varchar(100),
	"pilot_deleted_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "pilots_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "pilots_availability_check" CHECK ("pilots"."availability" in ('available', 'on_assignment', 'vacation', 'training', 'separated'))
);
--> statement-breakpoint
CREATE TABLE "project_pilots" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned" boolean DEFAULT false NOT NULL,
	"pilot_note" varchar(500),
	"pilot_scheduling_status_id" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "project_pilots_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scheduling_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"accepted" boolean,
	CONSTRAINT "scheduling_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "project_tiers" (
	"ptier_id" integer PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_types" (
	"ptype_id" integer PRIMARY KEY NOT NULL,
	"ptype_name" varchar(50) NOT NULL,
	CONSTRAINT "project_types_ptype_name_unique" UNIQUE("ptype_name")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"project_name" varchar(50) NOT NULL,
	"inspection_type" varchar(1) DEFAULT '0' NOT NULL,
	"start_date" date NOT NULL,
	"due_date" date,
	"num_pilots" integer DEFAULT 1 NOT NULL,
	"structure_assignment_type" varchar(10) DEFAULT 'dueDate' NOT NULL,
	"photo_limit" smallint DEFAULT -1 NOT NULL,
	"closest_city" varchar(50),
	"pilot_struct_day" integer,
	"ptype_id" integer NOT NULL,
	"ptier_id" integer,
	"use_new_risk_rating" boolean DEFAULT false NOT NULL,
	"archived_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone,
	CONSTRAINT "projects_inspection_type_check" CHECK ("projects"."inspection_type" in ('0', '1')),
	CONSTRAINT "projects_assignment_type_check" CHECK ("projects"."structure_assignment_type" in ('dueDate', 'ratio')),
	CONSTRAINT "projects_photo_limit_check" CHECK ("projects"."photo_limit" = -1 or "projects"."photo_limit" between 1 and 8),
	CONSTRAINT "projects_num_pilots_check" CHECK ("projects"."num_pilots" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sensor_devices" (
	"device_id" varchar(64) PRIMARY KEY NOT NULL,
	"structure_id" integer,
	"battery" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sensor_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" varchar(64) NOT NULL,
	"payload_time" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_name" varchar(50) NOT NULL,
	"line_num" varchar(50),
	"archived" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lines_archived_check" CHECK ("lines"."archived" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "project_lines" (
	"project_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	CONSTRAINT "project_lines_project_id_line_id_pk" PRIMARY KEY("project_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "structures" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"struct_num" varchar(100) NOT NULL,
	"location" "point" NOT NULL,
	"structure_source_type_id" smallint DEFAULT 2 NOT NULL,
	"crew_group_id" integer,
	"source_file_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "structures_project_line_num_unique" UNIQUE("project_id","line_id","struct_num"),
	CONSTRAINT "structures_source_type_check" CHECK ("structures"."structure_source_type_id" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "components" (
	"id" serial PRIMARY KEY NOT NULL,
	"display_text" varchar(35) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deficiencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"sub_category_text" varchar(35) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"original_name" varchar(255),
	"content_type" varchar(100),
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"size_bytes" bigint,
	CONSTRAINT "file_uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "file_uploads_kind_check" CHECK ("file_uploads"."kind" in ('csv', 'kmz', 'image', 'flight_plan', 'ai_image'))
);
--> statement-breakpoint
CREATE TABLE "source_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"bid_id" integer,
	"file_upload_id" uuid,
	"kind" varchar(3) NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"url" varchar(1000) NOT NULL,
	"name" varchar(255) NOT NULL,
	"lat_field" varchar(100),
	"lon_field" varchar(100),
	"line_name_field" varchar(100),
	"struct_num_field" varchar(100),
	"line_name" varchar(50),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_files_kind_check" CHECK ("source_files"."kind" in ('csv', 'kmz')),
	CONSTRAINT "source_files_owner_check" CHECK (num_nonnulls("source_files"."project_id", "source_files"."bid_id") >= 1)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_images" ADD CONSTRAINT "ai_images_source_image_id_images_id_fk" FOREIGN KEY ("source_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_images" ADD CONSTRAINT "ai_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_images" ADD CONSTRAINT "ai_model_images_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_images" ADD CONSTRAINT "ai_model_images_ai_image_id_ai_images_id_fk" FOREIGN KEY ("ai_image_id") REFERENCES "public"."ai_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_images" ADD CONSTRAINT "ai_model_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_models" ADD CONSTRAINT "ai_models_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_patches" ADD CONSTRAINT "ai_patches_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_patches" ADD CONSTRAINT "ai_patches_ai_image_id_ai_images_id_fk" FOREIGN KEY ("ai_image_id") REFERENCES "public"."ai_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_patches" ADD CONSTRAINT "ai_patches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_category_id_components_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_sub_category_id_deficiencies_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."deficiencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_ett_evaluation_code_id_ett_evaluation_codes_id_fk" FOREIGN KEY ("ett_evaluation_code_id") REFERENCES "public"."ett_evaluation_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_ett_knuckle_flat_position_id_knuckle_flat_positions_id_fk" FOREIGN KEY ("ett_knuckle_flat_position_id") REFERENCES "public"."knuckle_flat_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_model_id_ai_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_orders" ADD CONSTRAINT "asset_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_orders" ADD CONSTRAINT "asset_orders_pole_order_status_id_pole_order_statuses_id_fk" FOREIGN KEY ("pole_order_status_id") REFERENCES "public"."pole_order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_groups" ADD CONSTRAINT "crew_groups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_members" ADD CONSTRAINT "crew_members_crew_group_id_crew_groups_id_fk" FOREIGN KEY ("crew_group_id") REFERENCES "public"."crew_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_members" ADD CONSTRAINT "crew_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drone_commands" ADD CONSTRAINT "drone_commands_drone_id_drones_id_fk" FOREIGN KEY ("drone_id") REFERENCES "public"."drones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drone_commands" ADD CONSTRAINT "drone_commands_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drones" ADD CONSTRAINT "drones_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ett_arm_notes" ADD CONSTRAINT "ett_arm_notes_ett_arm_id_ett_arms_id_fk" FOREIGN KEY ("ett_arm_id") REFERENCES "public"."ett_arms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ett_arm_notes" ADD CONSTRAINT "ett_arm_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ett_arms" ADD CONSTRAINT "ett_arms_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ett_arms" ADD CONSTRAINT "ett_arms_arm_position_id_ett_arm_positions_id_fk" FOREIGN KEY ("arm_position_id") REFERENCES "public"."ett_arm_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_plans" ADD CONSTRAINT "flight_plans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_plans" ADD CONSTRAINT "flight_plans_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_abb_types" ADD CONSTRAINT "image_abb_types_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_abb_types" ADD CONSTRAINT "image_abb_types_abb_id_type_id_abb_id_types_id_fk" FOREIGN KEY ("abb_id_type_id") REFERENCES "public"."abb_id_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_identifier_links" ADD CONSTRAINT "image_identifier_links_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_identifier_links" ADD CONSTRAINT "image_identifier_links_anno_img_id_image_identifiers_anno_img_id_fk" FOREIGN KEY ("anno_img_id") REFERENCES "public"."image_identifiers"("anno_img_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_notes" ADD CONSTRAINT "image_notes_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_notes" ADD CONSTRAINT "image_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_structure_id_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."structures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_ett_arm_id_ett_arms_id_fk" FOREIGN KEY ("ett_arm_id") REFERENCES "public"."ett_arms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_arm_position_id_ett_arm_positions_id_fk" FOREIGN KEY ("arm_position_id") REFERENCES "public"."ett_arm_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_knuckle_flat_position_id_knuckle_flat_positions_id_fk" FOREIGN KEY ("knuckle_flat_position_id") REFERENCES "public"."knuckle_flat_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_field_options" ADD CONSTRAINT "inspection_field_options_field_id_inspection_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."inspection_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_field_values" ADD CONSTRAINT "inspection_field_values_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_field_values" ADD CONSTRAINT "inspection_field_values_field_id_inspection_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."inspection_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_field_values" ADD CONSTRAINT "inspection_field_values_value_id_inspection_field_options_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."inspection_field_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_structure_id_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_reshoot_requested_by_users_id_fk" FOREIGN KEY ("reshoot_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_escalated_by_users_id_fk" FOREIGN KEY ("escalated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_attribute_links" ADD CONSTRAINT "pilot_attribute_links_pilot_id_pilots_id_fk" FOREIGN KEY ("pilot_id") REFERENCES "public"."pilots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_attribute_links" ADD CONSTRAINT "pilot_attribute_links_attribute_id_pilot_attributes_attribute_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."pilot_attributes"("attribute_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilots" ADD CONSTRAINT "pilots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_pilots" ADD CONSTRAINT "project_pilots_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_pilots" ADD CONSTRAINT "project_pilots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_pilots" ADD CONSTRAINT "project_pilots_pilot_scheduling_status_id_pilot_scheduling_statuses_id_fk" FOREIGN KEY ("pilot_scheduling_status_id") REFERENCES "public"."pilot_scheduling_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_requests" ADD CONSTRAINT "scheduling_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_requests" ADD CONSTRAINT "scheduling_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_ptype_id_project_types_ptype_id_fk" FOREIGN KEY ("ptype_id") REFERENCES "public"."project_types"("ptype_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_ptier_id_project_tiers_ptier_id_fk" FOREIGN KEY ("ptier_id") REFERENCES "public"."project_tiers"("ptier_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_devices" ADD CONSTRAINT "sensor_devices_structure_id_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."structures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_device_id_sensor_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."sensor_devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_lines" ADD CONSTRAINT "project_lines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_lines" ADD CONSTRAINT "project_lines_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_crew_group_id_crew_groups_id_fk" FOREIGN KEY ("crew_group_id") REFERENCES "public"."crew_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_source_file_id_source_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."source_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "components" ADD CONSTRAINT "components_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deficiencies" ADD CONSTRAINT "deficiencies_category_id_components_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deficiencies" ADD CONSTRAINT "deficiencies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_files" ADD CONSTRAINT "source_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_files" ADD CONSTRAINT "source_files_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_files" ADD CONSTRAINT "source_files_file_upload_id_file_uploads_id_fk" FOREIGN KEY ("file_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_files" ADD CONSTRAINT "source_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_unique" ON "companies" USING btree (lower("company_name"));--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "ai_model_images_image_idx" ON "ai_model_images" USING btree ("ai_image_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_models_class_name_unique" ON "ai_models" USING btree (lower("model_class_name"));--> statement-breakpoint
CREATE INDEX "ai_patches_model_image_idx" ON "ai_patches" USING btree ("model_id","ai_image_id");--> statement-breakpoint
CREATE INDEX "ai_patches_image_idx" ON "ai_patches" USING btree ("ai_image_id");--> statement-breakpoint
CREATE INDEX "asset_orders_company_idx" ON "asset_orders" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "asset_orders_location_gist" ON "asset_orders" USING gist ("location");--> statement-breakpoint
CREATE INDEX "bids_company_idx" ON "bids" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "bids_created_idx" ON "bids" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "crew_members_user_idx" ON "crew_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "drone_commands_drone_created_idx" ON "drone_commands" USING btree ("drone_id","created_at");--> statement-breakpoint
CREATE INDEX "ett_arm_notes_arm_idx" ON "ett_arm_notes" USING btree ("ett_arm_id");--> statement-breakpoint
CREATE INDEX "flight_plans_project_idx" ON "flight_plans" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "image_identifier_links_identifier_idx" ON "image_identifier_links" USING btree ("anno_img_id");--> statement-breakpoint
CREATE INDEX "images_project_structure_idx" ON "images" USING btree ("project_id","structure_id");--> statement-breakpoint
CREATE INDEX "images_structure_idx" ON "images" USING btree ("structure_id");--> statement-breakpoint
CREATE INDEX "images_location_gist" ON "images" USING gist ("location");--> statement-breakpoint
CREATE INDEX "inspection_field_options_field_idx" ON "inspection_field_options" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "inspections_project_reviewed_idx" ON "inspections" USING btree ("project_id","date_reviewed");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pilot_attribute_links_attribute_idx" ON "pilot_attribute_links" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pilot_attributes_type_name_unique" ON "pilot_attributes" USING btree ("type_name",lower("att_name"));--> statement-breakpoint
CREATE INDEX "pilots_home_location_gist" ON "pilots" USING gist ("home_location");--> statement-breakpoint
CREATE INDEX "project_pilots_user_idx" ON "project_pilots" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scheduling_requests_project_user_idx" ON "scheduling_requests" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_name_unique" ON "projects" USING btree (lower("project_name"));--> statement-breakpoint
CREATE INDEX "projects_company_idx" ON "projects" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sensor_devices_structure_idx" ON "sensor_devices" USING btree ("structure_id");--> statement-breakpoint
CREATE INDEX "sensor_readings_device_time_idx" ON "sensor_readings" USING btree ("device_id","payload_time" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "lines_company_name_unique" ON "lines" USING btree ("company_id",lower("line_name"));--> statement-breakpoint
CREATE INDEX "project_lines_line_idx" ON "project_lines" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "structures_project_crew_idx" ON "structures" USING btree ("project_id","crew_group_id");--> statement-breakpoint
CREATE INDEX "structures_line_idx" ON "structures" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "structures_crew_idx" ON "structures" USING btree ("crew_group_id") WHERE "structures"."crew_group_id" is not null;--> statement-breakpoint
CREATE INDEX "structures_location_gist" ON "structures" USING gist ("location");--> statement-breakpoint
CREATE UNIQUE INDEX "components_text_unique" ON "components" USING btree (lower("display_text"));--> statement-breakpoint
CREATE UNIQUE INDEX "deficiencies_category_text_unique" ON "deficiencies" USING btree ("category_id",lower("sub_category_text"));--> statement-breakpoint
CREATE INDEX "file_uploads_created_idx" ON "file_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "source_files_project_idx" ON "source_files" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "source_files_bid_idx" ON "source_files" USING btree ("bid_id");