CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"line_name" varchar(50) NOT NULL,
	"struct_num" varchar(100) NOT NULL,
	"location" "point" NOT NULL,
	"location_project_id" integer,
	"health_risk" smallint DEFAULT -1 NOT NULL,
	"issue_count" integer DEFAULT 0 NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"health_structure_id" integer,
	"health_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "assets_health_risk_check" CHECK ("assets"."health_risk" in (-2, -1, 1, 2, 3, 4, 5))
);
--> statement-breakpoint
ALTER TABLE "structures" ADD COLUMN "asset_id" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_company_line_struct_unique" ON "assets" USING btree ("company_id",lower("line_name"),lower("struct_num"));--> statement-breakpoint
CREATE INDEX "assets_company_health_idx" ON "assets" USING btree ("company_id","health_risk");--> statement-breakpoint
CREATE INDEX "assets_location_gist" ON "assets" USING gist ("location");--> statement-breakpoint
ALTER TABLE "structures" ADD CONSTRAINT "structures_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "structures_asset_idx" ON "structures" USING btree ("asset_id");--> statement-breakpoint
-- hand-written: the asset registry is kept by triggers, so every write path (CSV import job, KMZ bid, the
-- Upload tab's add/edit, seeding, scripts) links its structures without code at each call site. All are
-- statement-level with transition tables: a 100,000-structure import costs a few set-based statements.
-- Links the given structures to their company's assets (line name + structure name, any case), creating the
-- missing ones; an asset's position is the one of its newest project (highest project id). Rows are
-- inserted in key order, so two imports creating the same assets at once wait for each other (ON CONFLICT)
-- instead of deadlocking.
CREATE FUNCTION assets_link_structures(ids int[]) RETURNS int[] LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  touched int[];
BEGIN
  INSERT INTO assets (company_id, line_name, struct_num, location, location_project_id)
  SELECT DISTINCT ON (l.company_id, lower(l.line_name), lower(s.struct_num))
    l.company_id, l.line_name, s.struct_num, s.location, s.project_id
  FROM unnest(ids) AS t(id) JOIN structures s ON s.id = t.id JOIN lines l ON l.id = s.line_id
  ORDER BY l.company_id, lower(l.line_name), lower(s.struct_num), s.project_id DESC, s.id DESC
  ON CONFLICT (company_id, lower(line_name), lower(struct_num)) DO UPDATE
    SET location = excluded.location, location_project_id = excluded.location_project_id, updated_at = now()
    WHERE assets.location_project_id IS NULL OR excluded.location_project_id >= assets.location_project_id;
  WITH linked AS (
    -- One probe of the unique index per structure (a join let the planner match on the company and line
    -- only and filter 5,000 x 5,000 rows).
    UPDATE structures s SET asset_id = k.asset_id
    FROM (
      SELECT src.id, (
        SELECT a.id FROM assets a
        WHERE a.company_id = src.company_id AND lower(a.line_name) = src.ln AND lower(a.struct_num) = src.sn
      ) AS asset_id
      FROM (
        SELECT s2.id, l.company_id, lower(l.line_name) AS ln, lower(s2.struct_num) AS sn
        FROM unnest(ids) AS t(id) JOIN structures s2 ON s2.id = t.id JOIN lines l ON l.id = s2.line_id
      ) src
    ) k
    WHERE s.id = k.id AND s.asset_id IS DISTINCT FROM k.asset_id
    RETURNING k.asset_id AS id
  )
  SELECT array_agg(DISTINCT id) INTO touched FROM linked;
  RETURN coalesce(touched, '{}');
END $$;
--> statement-breakpoint
-- An asset's health: the newest completed inspection (review_status 'Complete', date_reviewed set) of any
-- of its structures. Max risk = the highest risk annotated on that structure's standing photos (AI markups
-- left out; none or 1 = Satisfactory, 1), issues = those annotations at risk >= 2. Without a completed
-- inspection: -2 Not Inspected when a linked structure has a standing photo, else -1 Not Acquired.
CREATE FUNCTION assets_refresh_health(ids int[]) RETURNS void LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  UPDATE assets a
  SET health_risk = h.risk, issue_count = h.issue_count, issues = h.issues,
    health_structure_id = h.structure_id, health_date = h.reviewed_at, updated_at = now()
  FROM (
    SELECT t.id AS asset_id, latest.structure_id, latest.reviewed_at,
      CASE WHEN latest.structure_id IS NULL THEN
        CASE WHEN EXISTS (
          SELECT 1 FROM structures s2 JOIN images im ON im.structure_id = s2.id
          WHERE s2.asset_id = t.id AND im.reject_datetime IS NULL
        ) THEN -2 ELSE -1 END
      ELSE coalesce(found.max_risk, 1) END AS risk,
      coalesce(found.issue_count, 0) AS issue_count,
      coalesce(found.issues, '[]'::jsonb) AS issues
    FROM (SELECT DISTINCT unnest(ids) AS id) t
    LEFT JOIN LATERAL (
      SELECT s.id AS structure_id, max(i.date_reviewed) AS reviewed_at
      FROM structures s JOIN inspections i ON i.structure_id = s.id
      WHERE s.asset_id = t.id AND i.review_status = 'Complete' AND i.date_reviewed IS NOT NULL
      GROUP BY s.id ORDER BY 2 DESC, s.id DESC LIMIT 1
    ) latest ON true
    LEFT JOIN LATERAL (
      SELECT max(an.risk_level)::smallint AS max_risk,
        (count(*) FILTER (WHERE an.risk_level >= 2))::int AS issue_count,
        coalesce(jsonb_agg(jsonb_build_object(
          'annotation_id', an.id, 'image_id', im.id, 'project_id', im.project_id,
          'structure_id', im.structure_id, 'component', c.display_text,
          'deficiency', d.sub_category_text, 'risk', an.risk_level
        ) ORDER BY an.risk_level DESC, an.id) FILTER (WHERE an.risk_level >= 2), '[]'::jsonb) AS issues
      FROM images im JOIN annotations an ON an.image_id = im.id
      LEFT JOIN components c ON c.id = an.category_id
      LEFT JOIN deficiencies d ON d.id = an.sub_category_id
      WHERE im.structure_id = latest.structure_id AND im.reject_datetime IS NULL AND an.model_id IS NULL
    ) found ON latest.structure_id IS NOT NULL
  ) h
  WHERE a.id = h.asset_id
    AND (a.health_risk, a.issue_count, a.issues, a.health_structure_id, a.health_date)
      IS DISTINCT FROM (h.risk, h.issue_count, h.issues, h.structure_id, h.reviewed_at);
END $$;
--> statement-breakpoint
-- Structures: inserted ones are linked (a new structure has no photo or inspection yet, so no health
-- changes); renamed, moved to another line or moved on the map ones are linked again, and both their old and
-- new assets' health is read again; an old asset left without any structure (a typo corrected) is removed.
-- Deleted ones (a project removed) leave their assets, whose health is read again from what remains.
CREATE FUNCTION assets_structures_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  changed int[];
  old_assets int[];
  new_assets int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM assets_link_structures(array(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(n.id), array_agg(DISTINCT o.asset_id) FILTER (WHERE o.asset_id IS NOT NULL)
    INTO changed, old_assets
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.line_id <> o.line_id OR n.struct_num <> o.struct_num OR NOT (n.location ~= o.location);
    IF changed IS NOT NULL THEN
      PERFORM assets_link_structures(changed);
      SELECT array_agg(DISTINCT s.asset_id) INTO new_assets FROM unnest(changed) AS t(id) JOIN structures s ON s.id = t.id;
      PERFORM assets_refresh_health(coalesce(old_assets, '{}') || coalesce(new_assets, '{}'));
      DELETE FROM assets a WHERE a.id = ANY(old_assets) AND NOT (a.id = ANY(coalesce(new_assets, '{}')))
        AND NOT EXISTS (SELECT 1 FROM structures s WHERE s.asset_id = a.id);
    END IF;
  ELSE
    PERFORM assets_refresh_health(array(SELECT DISTINCT asset_id FROM old_rows WHERE asset_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER structures_assets_inserted AFTER INSERT ON structures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_structures_changed();
--> statement-breakpoint
CREATE TRIGGER structures_assets_updated AFTER UPDATE ON structures
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION assets_structures_changed();
--> statement-breakpoint
CREATE TRIGGER structures_assets_deleted AFTER DELETE ON structures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_structures_changed();
--> statement-breakpoint
-- A line renamed (or given to another company) moves its structures to other assets.
CREATE FUNCTION assets_lines_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  changed int[];
  old_assets int[];
  new_assets int[];
BEGIN
  SELECT array_agg(s.id), array_agg(DISTINCT s.asset_id) FILTER (WHERE s.asset_id IS NOT NULL)
  INTO changed, old_assets
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN structures s ON s.line_id = n.id
  WHERE n.line_name <> o.line_name OR n.company_id <> o.company_id;
  IF changed IS NOT NULL THEN
    PERFORM assets_link_structures(changed);
    SELECT array_agg(DISTINCT s.asset_id) INTO new_assets FROM unnest(changed) AS t(id) JOIN structures s ON s.id = t.id;
    PERFORM assets_refresh_health(coalesce(old_assets, '{}') || coalesce(new_assets, '{}'));
    DELETE FROM assets a WHERE a.id = ANY(old_assets) AND NOT (a.id = ANY(coalesce(new_assets, '{}')))
      AND NOT EXISTS (SELECT 1 FROM structures s WHERE s.asset_id = a.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lines_assets_updated AFTER UPDATE ON lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION assets_lines_changed();
--> statement-breakpoint
-- Inspections completed or reopened (review_status / date_reviewed), added or removed.
CREATE FUNCTION assets_inspections_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM new_rows n JOIN structures s ON s.id = n.structure_id
      WHERE n.date_reviewed IS NOT NULL AND s.asset_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN structures s ON s.id IN (n.structure_id, o.structure_id)
      WHERE s.asset_id IS NOT NULL AND (n.date_reviewed IS DISTINCT FROM o.date_reviewed
        OR n.review_status IS DISTINCT FROM o.review_status OR n.structure_id <> o.structure_id)));
  ELSE
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM old_rows o JOIN structures s ON s.id = o.structure_id
      WHERE o.date_reviewed IS NOT NULL AND s.asset_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inspections_assets_inserted AFTER INSERT ON inspections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_inspections_changed();
--> statement-breakpoint
CREATE TRIGGER inspections_assets_updated AFTER UPDATE ON inspections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION assets_inspections_changed();
--> statement-breakpoint
CREATE TRIGGER inspections_assets_deleted AFTER DELETE ON inspections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_inspections_changed();
--> statement-breakpoint
-- Photos: a first photo turns Not Acquired into Not Inspected; a photo rejected, restored, moved to another
-- structure or removed takes its annotations in or out of the issues.
CREATE FUNCTION assets_images_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM new_rows n JOIN structures s ON s.id = n.structure_id
      WHERE s.asset_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN structures s ON s.id IN (n.structure_id, o.structure_id)
      WHERE s.asset_id IS NOT NULL AND (n.structure_id IS DISTINCT FROM o.structure_id
        OR (n.reject_datetime IS NULL) <> (o.reject_datetime IS NULL))));
  ELSE
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM old_rows o JOIN structures s ON s.id = o.structure_id
      WHERE s.asset_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER images_assets_inserted AFTER INSERT ON images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_images_changed();
--> statement-breakpoint
CREATE TRIGGER images_assets_updated AFTER UPDATE ON images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION assets_images_changed();
--> statement-breakpoint
CREATE TRIGGER images_assets_deleted AFTER DELETE ON images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_images_changed();
--> statement-breakpoint
-- Annotations added, changed (risk, component, deficiency) or removed.
CREATE FUNCTION assets_annotations_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM new_rows n JOIN images im ON im.id = n.image_id
      JOIN structures s ON s.id = im.structure_id WHERE s.asset_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM (SELECT image_id FROM new_rows UNION SELECT image_id FROM old_rows) r
      JOIN images im ON im.id = r.image_id
      JOIN structures s ON s.id = im.structure_id WHERE s.asset_id IS NOT NULL));
  ELSE
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM old_rows o JOIN images im ON im.id = o.image_id
      JOIN structures s ON s.id = im.structure_id WHERE s.asset_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER annotations_assets_inserted AFTER INSERT ON annotations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_annotations_changed();
--> statement-breakpoint
CREATE TRIGGER annotations_assets_updated AFTER UPDATE ON annotations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION assets_annotations_changed();
--> statement-breakpoint
CREATE TRIGGER annotations_assets_deleted AFTER DELETE ON annotations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION assets_annotations_changed();
--> statement-breakpoint
-- Backfill: every existing structure linked, every asset's health read once.
SELECT assets_link_structures(array(SELECT id FROM structures ORDER BY id));
--> statement-breakpoint
SELECT assets_refresh_health(array(SELECT id FROM assets));
