CREATE TABLE "project_progress" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"structures" integer DEFAULT 0 NOT NULL,
	"inspected" integer DEFAULT 0 NOT NULL,
	"last_reviewed" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "project_progress" ADD CONSTRAINT "project_progress_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Triggers keep project_progress current; the statements below are written by hand (drizzle-kit does not
-- model triggers). They are statement-level with transition tables, so a CSV import of 100,000 structures
-- costs one aggregate per statement, not one update per row. Structures never move between projects, so
-- only their inserts and deletes count.
CREATE FUNCTION project_progress_projects_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_progress (project_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_progress_row AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_progress_projects_inserted();
--> statement-breakpoint
CREATE FUNCTION project_progress_structures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE project_progress pp SET structures = pp.structures + d.n
    FROM (SELECT project_id, count(*)::int AS n FROM new_rows GROUP BY project_id) d
    WHERE pp.project_id = d.project_id;
  ELSE
    UPDATE project_progress pp SET structures = pp.structures - d.n
    FROM (SELECT project_id, count(*)::int AS n FROM old_rows GROUP BY project_id) d
    WHERE pp.project_id = d.project_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER structures_progress_inserted AFTER INSERT ON structures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_progress_structures_changed();
--> statement-breakpoint
CREATE TRIGGER structures_progress_deleted AFTER DELETE ON structures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_progress_structures_changed();
--> statement-breakpoint
-- A structure is inspected when it has inspections and all are reviewed. For each structure a statement
-- touched, its state now is counted from inspections and its state before is that minus the statement's
-- changes (dt inspections, dr reviewed); the project's count moves by the structures that flipped.
-- jit is off for it: the planner cannot know how few structures a statement will count again, and its
-- pessimistic estimate made PostgreSQL spend ~0.6 s compiling the query for a 100,000-row import.
CREATE FUNCTION project_progress_inspections_changed() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  changes text;
  -- Which touched structures to count again; see below.
  candidates text := 'true';
BEGIN
  IF TG_OP = 'INSERT' THEN
    changes := 'SELECT project_id, structure_id, 1, (date_reviewed IS NOT NULL)::int, date_reviewed, false
      FROM new_rows';
    -- A structure without any review, before or after, cannot change state. A CSV import adds unreviewed
    -- inspections to new structures: reading the projects' reviewed inspections once (the
    -- (project_id, date_reviewed) index) rules them all out without counting each one.
    candidates := 'ps.dr <> 0 OR ps.structure_id IN (SELECT i.structure_id FROM inspections i
      WHERE i.project_id IN (SELECT project_id FROM per_structure) AND i.date_reviewed IS NOT NULL)';
  ELSIF TG_OP = 'DELETE' THEN
    changes := 'SELECT project_id, structure_id, -1, -(date_reviewed IS NOT NULL)::int, NULL::timestamptz,
      date_reviewed IS NOT NULL FROM old_rows';
  ELSE
    -- Most updates (completion data saved again, counts) leave the review state alone: skip them early.
    changes := '
      SELECT n.project_id, n.structure_id, 1, (n.date_reviewed IS NOT NULL)::int, n.date_reviewed, false
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.date_reviewed IS DISTINCT FROM o.date_reviewed OR n.structure_id <> o.structure_id
        OR n.project_id <> o.project_id
      UNION ALL
      SELECT o.project_id, o.structure_id, -1, -(o.date_reviewed IS NOT NULL)::int, NULL::timestamptz,
        o.date_reviewed IS NOT NULL
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.date_reviewed IS DISTINCT FROM o.date_reviewed OR n.structure_id <> o.structure_id
        OR n.project_id <> o.project_id';
  END IF;
  EXECUTE format($sql$
    WITH changes (project_id, structure_id, dt, dr, reviewed_at, review_removed) AS (%s),
    per_structure AS (
      SELECT project_id, structure_id, sum(dt) AS dt, sum(dr) AS dr, max(reviewed_at) AS reviewed_at,
        bool_or(review_removed) AS review_removed
      FROM changes GROUP BY project_id, structure_id
    ),
    counted AS (
      SELECT ps.project_id, ps.dt, ps.dr, ps.reviewed_at, ps.review_removed, c.total, c.reviewed
      FROM per_structure ps
      -- One index probe per touched structure: the cost follows the statement, not the table's size.
      CROSS JOIN LATERAL (
        SELECT count(*) AS total, count(i.date_reviewed) AS reviewed
        FROM inspections i WHERE i.structure_id = ps.structure_id
      ) c
      WHERE %s
    ),
    per_project AS (
      SELECT project_id, max(reviewed_at) AS reviewed_at, bool_or(review_removed) AS review_removed,
        sum((total > 0 AND reviewed = total)::int
          - (total - dt > 0 AND reviewed - dr = total - dt)::int)::int AS inspected
      FROM counted GROUP BY project_id
    )
    UPDATE project_progress pp
    SET inspected = pp.inspected + d.inspected,
      -- A removed review may have been the latest: read the latest again (the (project_id, date_reviewed)
      -- index answers it in one step); otherwise the latest can only move forward.
      last_reviewed = CASE WHEN d.review_removed
        THEN (SELECT max(i.date_reviewed) FROM inspections i WHERE i.project_id = pp.project_id)
        ELSE greatest(pp.last_reviewed, d.reviewed_at) END
    FROM per_project d
    WHERE pp.project_id = d.project_id
      AND (d.inspected <> 0 OR d.review_removed OR d.reviewed_at > coalesce(pp.last_reviewed, '-infinity'))
  $sql$, changes, candidates);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inspections_progress_inserted AFTER INSERT ON inspections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_progress_inspections_changed();
--> statement-breakpoint
CREATE TRIGGER inspections_progress_updated AFTER UPDATE ON inspections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_progress_inspections_changed();
--> statement-breakpoint
CREATE TRIGGER inspections_progress_deleted AFTER DELETE ON inspections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_progress_inspections_changed();
--> statement-breakpoint
-- Existing projects start from a full count.
INSERT INTO project_progress (project_id, structures, inspected, last_reviewed)
SELECT p.id, coalesce(s.n, 0), coalesce(d.inspected, 0), d.last_reviewed
FROM projects p
LEFT JOIN (SELECT project_id, count(*)::int AS n FROM structures GROUP BY project_id) s ON s.project_id = p.id
LEFT JOIN (
  SELECT project_id, count(*) FILTER (WHERE done)::int AS inspected, max(last_reviewed) AS last_reviewed
  FROM (
    SELECT project_id, structure_id, bool_and(date_reviewed IS NOT NULL) AS done,
      max(date_reviewed) AS last_reviewed
    FROM inspections GROUP BY project_id, structure_id
  ) per_structure
  GROUP BY project_id
) d ON d.project_id = p.id;
