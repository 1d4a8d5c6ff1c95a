DROP INDEX "structures_asset_idx";--> statement-breakpoint
CREATE INDEX "structures_asset_idx" ON "structures" USING btree ("asset_id","project_id","id");