import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { createdAt, moment } from './columns.ts';

/** Drone status message (spec 3 §3). */
export interface DroneStatus {
  airborne?: boolean;
  armed?: boolean;
  home?: unknown;
  location?: unknown;
  last_command_executed?: string;
}

export const drones = pgTable('drones', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  serialNumber: varchar('serial_number', { length: 100 }).unique(),
  companyId: integer('company_id').references(() => companies.id),
  lastStatus: jsonb('last_status').$type<DroneStatus>(),
  lastStatusAt: moment('last_status_at'),
  createdAt: createdAt(),
});

export type DroneEndpoint =
  | '/yawLeft'
  | '/moveForward'
  | '/yawRight'
  | '/moveUp'
  | '/moveLeft'
  | '/moveBackward'
  | '/moveRight'
  | '/moveDown'
  | '/arm'
  | '/takeoff'
  | '/land';

/** Commands sent from the remote-flight console, kept as a log. */
export const droneCommands = pgTable(
  'drone_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    droneId: integer('drone_id')
      .notNull()
      .references(() => drones.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').notNull().unique(),
    endpoint: varchar('endpoint', { length: 20 }).$type<DroneEndpoint>().notNull(),
    requestJson: jsonb('request_json'),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acknowledgedAt: moment('acknowledged_at'),
    result: jsonb('result'),
  },
  (t) => [
    index('drone_commands_drone_created_idx').on(t.droneId, t.createdAt),
    check(
      'drone_commands_endpoint_check',
      sql`${t.endpoint} in ('/yawLeft', '/moveForward', '/yawRight', '/moveUp', '/moveLeft', '/moveBackward', '/moveRight', '/moveDown', '/arm', '/takeoff', '/land')`,
    ),
  ],
);
