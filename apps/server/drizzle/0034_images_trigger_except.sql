-- The photos' asset-health trigger found the rows that changed structure or rejection by joining the
-- update's new and old transition tables on id. Transition tables have no statistics, so PostgreSQL joined
-- them with a nested loop: a delivery marking 50,000 photos compared 50,000 × 50,000 rows and hit the 30 s
-- statement timeout (the delivery answered 500). The changed rows are now the difference of the two tables
-- (EXCEPT hashes or sorts each once): new versions whose (id, structure, live) the old table lacks, and old
-- versions the new table lacks. No such row: nothing to refresh, as before.
CREATE OR REPLACE FUNCTION assets_images_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  touched int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(
      SELECT DISTINCT s.asset_id FROM new_rows n JOIN structures s ON s.id = n.structure_id
      WHERE s.asset_id IS NOT NULL);
  ELSIF TG_OP = 'UPDATE' THEN
    touched := array(
      SELECT DISTINCT s.asset_id FROM (
        (SELECT id, structure_id, reject_datetime IS NULL AS live FROM new_rows
         EXCEPT SELECT id, structure_id, reject_datetime IS NULL FROM old_rows)
        UNION ALL
        (SELECT id, structure_id, reject_datetime IS NULL FROM old_rows
         EXCEPT SELECT id, structure_id, reject_datetime IS NULL FROM new_rows)
      ) changed JOIN structures s ON s.id = changed.structure_id
      WHERE s.asset_id IS NOT NULL);
  ELSE
    touched := array(
      SELECT DISTINCT s.asset_id FROM old_rows o JOIN structures s ON s.id = o.structure_id
      WHERE s.asset_id IS NOT NULL);
  END IF;
  IF cardinality(touched) > 0 THEN
    PERFORM assets_refresh_health(touched);
  END IF;
  RETURN NULL;
END $$;
