DROP INDEX "assets_company_health_idx";--> statement-breakpoint
CREATE INDEX "assets_health_company_idx" ON "assets" USING btree ("health_risk","company_id");