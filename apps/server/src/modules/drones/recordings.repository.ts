import type { DroneRecording } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';
import { droneRecordings } from '../../platform/db/schema/index.ts';

export type NewRecording = typeof droneRecordings.$inferInsert;

export async function insertRecording(db: Db, row: NewRecording): Promise<void> {
  await db.insert(droneRecordings).values(row);
}

const iso = (d: Date | string) => new Date(d).toISOString();

const RecordingRow = z.object({
  id: z.number().int(),
  started_at: z.union([z.date(), z.string()]).transform(iso),
  ended_at: z.union([z.date(), z.string()]).transform(iso),
  started_by_name: z.string().nullable(),
  frames: z.number().int(),
  fps: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number(),
});

/** The videos recorded on a drone that started between `from` and `to` (a flight's take-off and landing). */
export async function recordingsBetween(
  db: Db,
  droneId: number,
  from: string,
  to: string | null,
): Promise<DroneRecording[]> {
  return queryRows(
    db,
    sql`select r.id, r.started_at, r.ended_at, u.first_name || ' ' || u.last_name as started_by_name,
          r.frames, r.fps, r.width, r.height, r.bytes
        from drone_recordings r left join users u on u.id = r.started_by
        where r.drone_id = ${droneId} and r.started_at >= ${from}::timestamptz
          and r.started_at <= coalesce(${to}::timestamptz, now())
        order by r.started_at, r.id`,
    RecordingRow,
  );
}

/** Where a drone's recording is stored; null when the drone has no such recording. */
export async function recordingKey(db: Db, droneId: number, recordingId: number): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select storage_key from drone_recordings where id = ${recordingId} and drone_id = ${droneId}`,
    z.object({ storage_key: z.string() }),
  );
  return row?.storage_key ?? null;
}
