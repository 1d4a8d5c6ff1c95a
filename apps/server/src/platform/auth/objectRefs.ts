import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/**
 * What the access helpers (`require.ts`) load of each kind of object: its id, what it belongs to, the
 * company it belongs to (for the policy) and the few facts the services branch on. The tables are the
 * platform's schema, so no module's repository is needed (the platform never imports the modules).
 */

const companyId = z.number().int();
/** The project is a bid still being proposed: its customer does not see it (`require.ts`). */
const proposal = z.boolean();
/** SQL: whether the project `p` belongs to a bid that is not yet won. */
const PROPOSAL = sql`exists (select 1 from bids b where b.project_id = p.id and b.status = 'open') as proposal`;

export const ProjectRef = z.object({
  id: z.number().int(),
  proposal,
  company_id: companyId,
  project_name: z.string(),
  time_zone: z.string(),
  /** '0' structure level, '1' component level. */
  inspection_type: z.enum(['0', '1']),
  /** The project type's name (ETT and ABB projects have the arm and flange workflows), or null. */
  ptype_name: z.string().nullable(),
});
export type ProjectRef = z.infer<typeof ProjectRef>;

export const InspectionRef = z.object({
  id: z.number().int(),
  proposal,
  project_id: z.number().int(),
  structure_id: z.number().int(),
  component_id: z.number().int().nullable(),
  company_id: companyId,
  ptype_name: z.string().nullable(),
});
export type InspectionRef = z.infer<typeof InspectionRef>;

export const ImageRef = z.object({
  id: z.number().int(),
  proposal,
  project_id: z.number().int(),
  structure_id: z.number().int().nullable(),
  /** Not rejected and on a structure: the part of the work a customer sees (spec 2 §6). */
  accepted: z.boolean(),
  /** The photo's pixel size (null until read): what a shape drawn on it is measured against. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  company_id: companyId,
});
export type ImageRef = z.infer<typeof ImageRef>;

export const StructureRef = z.object({
  id: z.number().int(),
  proposal,
  project_id: z.number().int(),
  line_id: z.number().int(),
  company_id: companyId,
});
export type StructureRef = z.infer<typeof StructureRef>;

/** `for update of <alias>` when `lock`: the row stays locked until the caller's transaction ends. */
const lockOf = (alias: string, lock: boolean): SQL => (lock ? sql.raw(`for update of ${alias}`) : sql``);

async function first<S extends z.ZodType>(db: Db, query: SQL, schema: S): Promise<z.output<S> | null> {
  const [row] = await queryRows(db, query, schema);
  return row ?? null;
}

export const findProjectRef = (db: Db, id: number, lock = false) =>
  first(
    db,
    sql`select p.id, p.company_id, p.project_name, p.time_zone, p.inspection_type, pt.ptype_name, ${PROPOSAL}
        from projects p left join project_types pt on pt.ptype_id = p.ptype_id
        where p.id = ${id} ${lockOf('p', lock)}`,
    ProjectRef,
  );

export const findInspectionRef = (db: Db, id: number, lock = false) =>
  first(
    db,
    sql`select i.id, i.project_id, i.structure_id, i.component_id, p.company_id, pt.ptype_name, ${PROPOSAL}
        from inspections i join projects p on p.id = i.project_id
        left join project_types pt on pt.ptype_id = p.ptype_id
        where i.id = ${id} ${lockOf('i', lock)}`,
    InspectionRef,
  );

export const findImageRef = (db: Db, id: number, lock = false) =>
  first(
    db,
    sql`select im.id, im.project_id, im.structure_id, p.company_id, ${PROPOSAL},
          (im.reject_datetime is null and im.structure_id is not null) as accepted, im.width, im.height
        from images im join projects p on p.id = im.project_id
        where im.id = ${id} ${lockOf('im', lock)}`,
    ImageRef,
  );

export const findStructureRef = (db: Db, id: number, lock = false) =>
  first(
    db,
    sql`select s.id, s.project_id, s.line_id, p.company_id, ${PROPOSAL}
        from structures s join projects p on p.id = s.project_id
        where s.id = ${id} ${lockOf('s', lock)}`,
    StructureRef,
  );
