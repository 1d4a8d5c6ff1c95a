import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/**
 * What the access helpers (`require.ts`) load of each kind of object: its id, what it belongs to, the
 * company it belongs to (for the policy) and the few facts the services branch on. The tables are the
 * platform's schema, so no module's repository is needed (the platform never imports the modules).
 */

export interface ProjectRef {
  id: number;
  company_id: number;
  project_name: string;
  time_zone: string;
  /** '0' structure level, '1' component level. */
  inspection_type: '0' | '1';
  /** The project type's name (ETT and ABB projects have the arm and flange workflows), or null. */
  ptype_name: string | null;
}

export interface InspectionRef {
  id: number;
  project_id: number;
  structure_id: number;
  component_id: number | null;
  company_id: number;
  ptype_name: string | null;
}

export interface ImageRef {
  id: number;
  project_id: number;
  structure_id: number | null;
  company_id: number;
}

export interface StructureRef {
  id: number;
  project_id: number;
  line_id: number;
  company_id: number;
}

/** `for update of <alias>` when `lock`: the row stays locked until the caller's transaction ends. */
const lockOf = (alias: string, lock: boolean): SQL => (lock ? sql.raw(`for update of ${alias}`) : sql``);

async function first<T>(db: Db, query: SQL): Promise<T | null> {
  const [row] = await queryRows<T>(db, query);
  return row ?? null;
}

export const findProjectRef = (db: Db, id: number, lock = false) =>
  first<ProjectRef>(
    db,
    sql`select p.id, p.company_id, p.project_name, p.time_zone, p.inspection_type, pt.ptype_name
        from projects p left join project_types pt on pt.ptype_id = p.ptype_id
        where p.id = ${id} ${lockOf('p', lock)}`,
  );

export const findInspectionRef = (db: Db, id: number, lock = false) =>
  first<InspectionRef>(
    db,
    sql`select i.id, i.project_id, i.structure_id, i.component_id, p.company_id, pt.ptype_name
        from inspections i join projects p on p.id = i.project_id
        left join project_types pt on pt.ptype_id = p.ptype_id
        where i.id = ${id} ${lockOf('i', lock)}`,
  );

export const findImageRef = (db: Db, id: number, lock = false) =>
  first<ImageRef>(
    db,
    sql`select im.id, im.project_id, im.structure_id, p.company_id
        from images im join projects p on p.id = im.project_id
        where im.id = ${id} ${lockOf('im', lock)}`,
  );

export const findStructureRef = (db: Db, id: number, lock = false) =>
  first<StructureRef>(
    db,
    sql`select s.id, s.project_id, s.line_id, p.company_id
        from structures s join projects p on p.id = s.project_id
        where s.id = ${id} ${lockOf('s', lock)}`,
  );
