-- A delivered photo names its package in a column of its own row instead of a row of delivery_package_images:
-- a select-all of 50,000 photos wrote 50,000 link rows (two indexes, two foreign-key checks each), about half
-- of the route's time on the embedded database; the photo's row is written anyway (archived_date). A photo is
-- delivered once, so one column holds what the link table held.
ALTER TABLE "images" ADD COLUMN "delivery_package_id" integer;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_delivery_package_id_delivery_packages_id_fk" FOREIGN KEY ("delivery_package_id") REFERENCES "public"."delivery_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "images" i SET "delivery_package_id" = dpi."package_id" FROM "delivery_package_images" dpi WHERE dpi."image_id" = i."id";--> statement-breakpoint
DROP TABLE "delivery_package_images";
