import {
  type AssignmentLine,
  type AssignmentStructures,
  CrewCandidate,
  CrewGroup,
  OPERATING_COMPANY_ID,
  ROLE_IDS,
} from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { CountRow, IdRow, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';

/** Structures with at least one image, per crew: an image makes a structure acquired (spec 2 §3). */
const imageCountsOf = (projectId: number) => sql`
  select structure_id, count(*)::int as image_count
  from images where project_id = ${projectId} and structure_id is not null
  group by structure_id`;

/** Takes the project row lock: crew changes of one project run one after the other. */
export async function lockProject(db: Db, projectId: number): Promise<void> {
  await db.execute(sql`select id from projects where id = ${projectId} for update`);
}

export const CrewGroupRow = CrewGroup;
export type CrewGroupRow = z.infer<typeof CrewGroupRow>;

/** The project's crew groups with personnel and structure counts, one statement. */
export function crewGroupsOf(db: Db, projectId: number): Promise<CrewGroupRow[]> {
  return queryRows(
    db,
    sql`
    select cg.id as crew_group_id, cg.crew_number, cg.color,
      coalesce(m.crew_users, '[]'::json) as crew_users,
      coalesce(c.structure_count, 0) as structure_count,
      coalesce(c.structures_acquired_count, 0) as structures_acquired_count
    from crew_groups cg
    left join (
      select cm.crew_group_id,
        json_agg(json_build_object('user_id', u.id, 'name', u.first_name || ' ' || u.last_name)
          order by lower(u.first_name), lower(u.last_name), u.id) as crew_users
      from crew_members cm
      join crew_groups g on g.id = cm.crew_group_id and g.project_id = ${projectId}
      join users u on u.id = cm.user_id
      group by cm.crew_group_id
    ) m on m.crew_group_id = cg.id
    left join (
      select s.crew_group_id, count(*)::int as structure_count,
        count(ic.structure_id)::int as structures_acquired_count
      from structures s
      left join (${imageCountsOf(projectId)}) ic on ic.structure_id = s.id
      where s.project_id = ${projectId} and s.crew_group_id is not null
      group by s.crew_group_id
    ) c on c.crew_group_id = cg.id
    where cg.project_id = ${projectId}
    order by cg.crew_number`,
    CrewGroupRow,
  );
}

/**
 * Every structure of the project with its image count, as columns, and the lines they are on: one
 * statement, images aggregated once. The rows come back as ONE json text of arrays rather than 50,000
 * result rows: PGlite decodes each result cell in JavaScript, which took ~4× longer than JSON.parse of the
 * aggregate (PostgreSQL: about even); the tuples are then split into columns in one pass.
 */
export async function assignmentStructures(
  db: Db,
  projectId: number,
): Promise<{ lines: AssignmentLine[]; structures: AssignmentStructures }> {
  const [row] = await queryRows(
    db,
    sql`
    select coalesce(json_agg(json_build_array(s.id, s.struct_num, s.line_id, l.line_name,
      s.location[1], s.location[0], s.crew_group_id, coalesce(ic.image_count, 0), s.structure_source_type_id)
      order by s.id), '[]')::text as j
    from structures s
    join lines l on l.id = s.line_id
    left join (${imageCountsOf(projectId)}) ic on ic.structure_id = s.id
    where s.project_id = ${projectId}`,
    z.object({ j: z.string() }),
  );
  const tuples = JSON.parse(row!.j) as Array<
    [number, string, number, string, number, number, number | null, number, number]
  >;
  const count = tuples.length;
  const structures: AssignmentStructures = {
    structure_id: new Array(count),
    struct_num: new Array(count),
    line_index: new Array(count),
    latitude: new Array(count),
    longitude: new Array(count),
    crew_group_id: new Array(count),
    image_count: new Array(count),
    structure_source_type_id: new Array(count),
  };
  const lineIndex = new Map<number, number>();
  const lines: AssignmentLine[] = [];
  for (let i = 0; i < count; i++) {
    const t = tuples[i]!;
    let index = lineIndex.get(t[2]);
    if (index === undefined) {
      index = lines.length;
      lineIndex.set(t[2], index);
      lines.push({ line_id: t[2], line_name: t[3] });
    }
    structures.structure_id[i] = t[0];
    structures.struct_num[i] = t[1];
    structures.line_index[i] = index;
    structures.latitude[i] = t[4];
    structures.longitude[i] = t[5];
    structures.crew_group_id[i] = t[6];
    structures.image_count[i] = t[7];
    structures.structure_source_type_id[i] = t[8];
  }
  return { lines, structures };
}

const isPilot = sql`exists (select 1 from pilots p where p.user_id = u.id)`;

/**
 * Who may join a crew: active staff of the operating company who fly or shoot — pilots (whatever
 * their role) and field staff (inspectors and users). Office roles without a pilot profile (super
 * admins, project managers) run projects rather than fly them, so they are not offered.
 */
const crewCandidate = sql`u.company_id = ${OPERATING_COMPANY_ID} and u.status = 1
  and (${isPilot} or u.role_id in (${ROLE_IDS.inspector}, ${ROLE_IDS.user}))`;

/** Crew candidates not in any crew of the project: pilots first, then by name. */
export function availableUsers(db: Db, projectId: number): Promise<CrewCandidate[]> {
  return queryRows(
    db,
    sql`
    select u.id as user_id, u.first_name || ' ' || u.last_name as name,
      case when ${isPilot} then 'pilot' else 'field_staff' end as crew_role
    from users u
    where ${crewCandidate}
      and not exists (
        select 1 from crew_members cm join crew_groups cg on cg.id = cm.crew_group_id
        where cg.project_id = ${projectId} and cm.user_id = u.id)
    order by ${isPilot} desc, lower(u.first_name), lower(u.last_name), u.id`,
    CrewCandidate,
  );
}

export async function usedCrewNumbers(db: Db, projectId: number): Promise<number[]> {
  const found = await queryRows(
    db,
    sql`select crew_number from crew_groups where project_id = ${projectId}`,
    z.object({ crew_number: z.number().int() }),
  );
  return found.map((r) => r.crew_number);
}

export async function insertCrewGroup(
  db: Db,
  projectId: number,
  crewNumber: number,
  color: string,
): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`insert into crew_groups (project_id, crew_number, color)
        values (${projectId}, ${crewNumber}, ${color}) returning id`,
    IdRow,
  );
  return row!.id;
}

const CrewOfUserRow = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  crew_number: z.number().int(),
});
const CrewGroupRef = CrewOfUserRow.extend({
  /** The project's customer company, for the policy. */
  company_id: z.number().int(),
});
export type CrewGroupRef = z.infer<typeof CrewGroupRef>;

/**
 * The crew group, locked for the rest of the transaction: `share` keeps it from being deleted meanwhile
 * (assigning to it, changing its personnel), `update` is for deleting it.
 */
export async function findCrewGroup(
  db: Db,
  crewGroupId: number,
  lock: 'share' | 'update' = 'share',
): Promise<CrewGroupRef | null> {
  const [row] = await queryRows(
    db,
    sql`select g.id, g.project_id, g.crew_number, p.company_id
        from crew_groups g join projects p on p.id = g.project_id
        where g.id = ${crewGroupId}
        ${lock === 'update' ? sql`for update of g` : sql`for share of g`}`,
    CrewGroupRef,
  );
  return row ?? null;
}

/**
 * Unassigns the crew's structures (locked in id order, as setStructuresCrew does, so a concurrent assignment
 * of some of them waits instead of deadlocking), removes its personnel and deletes it; answers what it undid.
 */
export async function deleteCrewGroup(
  db: Db,
  crewGroupId: number,
): Promise<{ unassigned: number; removed: number }> {
  const [row] = await queryRows(
    db,
    sql`
    with locked as materialized (
        select id from structures where crew_group_id = ${crewGroupId} order by id for update),
      s as (update structures st set crew_group_id = null, updated_at = now()
            from locked where st.id = locked.id returning 1),
      m as (delete from crew_members where crew_group_id = ${crewGroupId} returning 1)
    select (select count(*)::int from s) as unassigned, (select count(*)::int from m) as removed`,
    z.object({ unassigned: z.number().int(), removed: z.number().int() }),
  );
  // Data-modifying CTEs all run; the crew group row goes after its references are gone.
  await db.execute(sql`delete from crew_groups where id = ${crewGroupId}`);
  return row!;
}

export async function isCrewCandidate(db: Db, userId: number): Promise<boolean> {
  const found = await queryRows(
    db,
    sql`select u.id from users u where u.id = ${userId} and ${crewCandidate}`,
    IdRow,
  );
  return found.length > 0;
}

/** The crew group of the project the user is in, if any. */
export async function crewOfUser(
  db: Db,
  projectId: number,
  userId: number,
): Promise<z.infer<typeof CrewOfUserRow> | null> {
  const [row] = await queryRows(
    db,
    sql`select cg.id, cg.project_id, cg.crew_number
        from crew_members cm join crew_groups cg on cg.id = cm.crew_group_id
        where cg.project_id = ${projectId} and cm.user_id = ${userId}`,
    CrewOfUserRow,
  );
  return row ?? null;
}

export async function addCrewMember(db: Db, crewGroupId: number, userId: number): Promise<void> {
  await db.execute(sql`insert into crew_members (crew_group_id, user_id) values (${crewGroupId}, ${userId})`);
}

/** Answers whether the user was in the crew group. */
export async function removeCrewMember(db: Db, crewGroupId: number, userId: number): Promise<boolean> {
  const removed = await queryRows(
    db,
    sql`delete from crew_members where crew_group_id = ${crewGroupId} and user_id = ${userId} returning user_id`,
    z.object({ user_id: z.number().int() }),
  );
  return removed.length > 0;
}

/**
 * Sets the crew of the given structures of the project in ONE statement and answers how many rows it
 * matched; ids of other projects are simply not matched, which the caller detects from the count.
 *
 * The rows are locked first, in id order (`locked`, materialized so it runs before the update): a plain
 * `UPDATE … WHERE id = ANY(…)` locks rows in whatever order the scan meets them, and two requests with
 * overlapping selections then each wait for a row the other holds (deadlock, seen on PostgreSQL as 18 of
 * 80 concurrent requests failing). With one global order the later request simply waits its turn.
 */
export async function setStructuresCrew(
  db: Db,
  projectId: number,
  crewGroupId: number | null,
  ids: readonly number[],
): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`
    with locked as materialized (
      select id from structures
      where project_id = ${projectId} and id = any(${numberArrayLiteral(ids)}::int[])
      order by id
      for update),
    u as (
      update structures s set crew_group_id = ${crewGroupId}::int, updated_at = now()
      from locked where s.id = locked.id
      returning 1)
    select count(*)::int as n from u`,
    CountRow,
  );
  return row!.n;
}
