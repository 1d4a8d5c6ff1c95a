-- hand-written: the structures' and inspections' asset triggers plan their old/new join at each run.
-- A plpgsql statement's plan is cached from its first runs, where a one-row update joined new_rows to
-- old_rows by nested loop; reused for 50,000 rows (a crew assigned a whole project's structures, a bulk
-- review) that took over a minute, past the statement timeout. EXECUTE plans with the statement's real
-- row counts: 50,000 structures 3.4 s, 50,000 inspections 1.0 s (PostgreSQL, was > 60 s each).
CREATE OR REPLACE FUNCTION assets_structures_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  changed int[];
  old_assets int[];
  new_assets int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM assets_link_structures(array(SELECT id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Planned at each run (EXECUTE), with the statement's row counts: a plan cached from a one-row update
    -- joined 50,000 new rows to 50,000 old ones by nested loop (past the statement timeout).
    EXECUTE 'SELECT array_agg(n.id), array_agg(DISTINCT o.asset_id) FILTER (WHERE o.asset_id IS NOT NULL)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.line_id <> o.line_id OR n.struct_num <> o.struct_num OR NOT (n.location ~= o.location)'
    INTO changed, old_assets;
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
CREATE OR REPLACE FUNCTION assets_inspections_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  touched int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM new_rows n JOIN structures s ON s.id = n.structure_id
      WHERE n.date_reviewed IS NOT NULL AND s.asset_id IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Planned at each run (EXECUTE): see assets_structures_changed.
    EXECUTE 'SELECT array(SELECT DISTINCT s.asset_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN structures s ON s.id IN (n.structure_id, o.structure_id)
      WHERE s.asset_id IS NOT NULL AND (n.date_reviewed IS DISTINCT FROM o.date_reviewed
        OR n.review_status IS DISTINCT FROM o.review_status OR n.structure_id <> o.structure_id))'
    INTO touched;
    PERFORM assets_refresh_health(touched);
  ELSE
    PERFORM assets_refresh_health(array(
      SELECT DISTINCT s.asset_id FROM old_rows o JOIN structures s ON s.id = o.structure_id
      WHERE o.date_reviewed IS NOT NULL AND s.asset_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
