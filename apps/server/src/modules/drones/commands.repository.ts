import { DroneEndpoint } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { execute, queryRows } from '../../platform/db/rows.ts';
import type { CommandOutcome } from './link.ts';

export const CommandRow = z.object({
  id: z.number(),
  drone_id: z.number(),
  request_id: z.string(),
  endpoint: DroneEndpoint,
  sent_by: z.number().nullable(),
  /** Milliseconds since the epoch. */
  created_at: z.number(),
  acknowledged_at: z.number().nullable(),
  /** As the link answered it (stored as jsonb): checked to be an outcome, its fields are the link's. */
  result: z
    .custom<CommandOutcome>(
      (v) => typeof v === 'object' && v !== null && typeof (v as { ok?: unknown }).ok === 'boolean',
    )
    .nullable(),
});
export type CommandRow = z.infer<typeof CommandRow>;

const columns = sql`id::int as id, drone_id, request_id::text as request_id, endpoint, sent_by,
  (extract(epoch from created_at) * 1000)::float8 as created_at,
  (extract(epoch from acknowledged_at) * 1000)::float8 as acknowledged_at, result`;

export async function findCommand(db: Db, requestId: string): Promise<CommandRow | null> {
  const [row] = await queryRows(
    db,
    sql`select ${columns} from drone_commands where request_id = ${requestId}`,
    CommandRow,
  );
  return row ?? null;
}

/** Logs a command once: null when its requestId is already logged (a repeat, or a race with one). */
export async function insertCommand(
  db: Db,
  c: {
    droneId: number;
    requestId: string;
    endpoint: DroneEndpoint;
    requestJson: Record<string, unknown> | null;
    sentBy: number;
  },
): Promise<CommandRow | null> {
  const [row] = await queryRows(
    db,
    sql`insert into drone_commands (drone_id, request_id, endpoint, request_json, sent_by)
        values (${c.droneId}, ${c.requestId}, ${c.endpoint},
          ${c.requestJson === null ? null : JSON.stringify(c.requestJson)}::jsonb, ${c.sentBy})
        on conflict (request_id) do nothing
        returning ${columns}`,
    CommandRow,
  );
  return row ?? null;
}

export async function recordOutcome(db: Db, id: number, outcome: CommandOutcome): Promise<CommandRow> {
  await execute(
    db,
    sql`update drone_commands set acknowledged_at = now(), result = ${JSON.stringify(outcome)}::jsonb
        where id = ${id}`,
  );
  const [row] = await queryRows(db, sql`select ${columns} from drone_commands where id = ${id}`, CommandRow);
  if (!row) throw new Error(`drone command ${id} vanished`);
  return row;
}

/** The drone's last commands, newest first (the console's input queue after a reload). */
export async function recentCommands(db: Db, droneId: number, limit: number): Promise<CommandRow[]> {
  return queryRows(
    db,
    sql`select ${columns} from drone_commands where drone_id = ${droneId} order by id desc limit ${limit}`,
    CommandRow,
  );
}
