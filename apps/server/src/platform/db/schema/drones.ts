import type { DroneEndpoint, DroneStatus } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { createdAt, moment } from './columns.ts';
import { projects } from './projects.ts';

export const drones = pgTable(
  'drones',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    serialNumber: varchar('serial_number', { length: 100 }),
    companyId: integer('company_id').references(() => companies.id),
    lastStatus: jsonb('last_status').$type<DroneStatus>(),
    lastStatusAt: moment('last_status_at'),
    createdAt: createdAt(),
    /** `simulator` (embedded) or `mavlink` (UDP, `address` = host:port). */
    driver: varchar('driver', { length: 20 }).notNull().default('simulator'),
    address: varchar('address', { length: 200 }),
    homeLat: doublePrecision('home_lat'),
    homeLon: doublePrecision('home_lon'),
    homeAlt: doublePrecision('home_alt'),
    /** The project whose structures the simulated camera shows. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The server process that holds the vehicle link, until its lease expires. */
    linkHolder: varchar('link_holder', { length: 100 }),
    linkExpiresAt: moment('link_expires_at'),
    /** The pilot holding the control lease (others watch), until it expires. */
    controllerId: integer('controller_id').references(() => users.id, { onDelete: 'set null' }),
    controlExpiresAt: moment('control_expires_at'),
    emergencyStop: boolean('emergency_stop').notNull().default(false),
    /** Retired by a super admin: off the console's picker, commands refused; its logs stay. */
    retiredAt: moment('retired_at'),
  },
  (t) => [
    check('drones_driver_check', sql`${t.driver} in ('simulator', 'mavlink')`),
    // A serial is one vehicle whatever its case ('lw-1' and 'LW-1' are the same drone).
    uniqueIndex('drones_serial_unique').on(sql`lower(${t.serialNumber})`),
  ],
);

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
      sql`${t.endpoint} in ('/yawLeft', '/moveForward', '/yawRight', '/moveUp', '/moveLeft', '/moveBackward', '/moveRight', '/moveDown', '/arm', '/disarm', '/takeoff', '/land', '/returnHome', '/capture', '/recordStart', '/recordStop')`,
    ),
  ],
);
