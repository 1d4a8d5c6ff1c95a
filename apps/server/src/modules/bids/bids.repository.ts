import { BidListItem } from '@linewalker/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { IdRow, queryRows } from '../../platform/db/rows.ts';
import { bids } from '../../platform/db/schema/index.ts';

export type BidWrite = Omit<typeof bids.$inferInsert, 'id' | 'createdAt'>;

export async function insertBid(db: Db, values: BidWrite): Promise<number> {
  const [row] = await db.insert(bids).values(values).returning({ id: bids.id });
  return row!.id;
}

export async function deleteBid(db: Db, id: number): Promise<void> {
  await db.delete(bids).where(eq(bids.id, id));
}

/** What an earlier save with this request id made: its bid, project and import job. */
export async function findBidByRequest(db: Db, requestId: string) {
  const [row] = await queryRows(
    db,
    sql`select b.id, b.project_id, p.import_job_id as job_id
        from bids b
        left join projects p on p.id = b.project_id
        where b.request_id = ${requestId}`,
    z.object({
      id: z.number(),
      project_id: z.number().nullable(),
      job_id: z.number().nullable(),
    }),
  );
  return row ?? null;
}

/** Every bid, newest first, with its customer, author, project, structure count and file names. */
export async function listBidRows(db: Db): Promise<BidListItem[]> {
  const rows = await queryRows(
    db,
    sql`select b.id, b.rfp_name, to_char(b.project_duration, 'YYYY-MM-DD') as project_duration,
          b.company_id, c.company_name, b.abbreviation, b.legal_name, b.address, b.state, b.city, b.zip,
          b.salutation, b.contact_name, b.contact_dept, b.contact_email, b.contact_phone, b.created_at,
          case when u.id is null then null else u.first_name || ' ' || u.last_name end as created_by_name,
          b.project_id, p.project_name,
          coalesce((select count(*) from structures s where s.project_id = b.project_id), 0)::int as structures,
          coalesce((select json_agg(f.name order by f.id) from source_files f where f.bid_id = b.id), '[]'::json)
            as files,
          case when p.import_state = 'importing' then json_build_object('jobId', p.import_job_id) end
            as importing,
          b.status, b.won_at
        from bids b
        join companies c on c.id = b.company_id
        left join users u on u.id = b.created_by
        left join projects p on p.id = b.project_id
        order by b.created_at desc, b.id desc`,
    BidListItem.omit({ created_at: true, won_at: true }).extend({
      created_at: z.union([z.date(), z.string()]),
      won_at: z.union([z.date(), z.string()]).nullable(),
    }),
  );
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at).toISOString(),
    won_at: r.won_at === null ? null : new Date(r.won_at).toISOString(),
  }));
}

/** The oldest project type: a bid's project takes it (the KMZ step has no type choice). */
export async function defaultProjectTypeId(db: Db): Promise<number | null> {
  const [row] = await queryRows(db, sql`select min(ptype_id)::int as id from project_types`, IdRow);
  return row?.id ?? null;
}

/**
 * Marks the bid won (once: the first caller's time and name stay; a repeat, also at the same moment, reads
 * them back). Null when there is no such bid.
 */
export async function markBidWon(
  db: Db,
  id: number,
  userId: number,
): Promise<{ id: number; status: 'won'; won_at: string; project_id: number | null } | null> {
  await db.execute(
    sql`update bids set status = 'won', won_at = now(), won_by = ${userId} where id = ${id} and status = 'open'`,
  );
  const [row] = await queryRows(
    db,
    sql`select id, won_at, project_id from bids where id = ${id}`,
    z.object({
      id: z.number(),
      won_at: z.union([z.date(), z.string()]).nullable(),
      project_id: z.number().nullable(),
    }),
  );
  if (!row) return null;
  return {
    id: row.id,
    status: 'won',
    won_at: new Date(row.won_at ?? Date.now()).toISOString(),
    project_id: row.project_id,
  };
}
