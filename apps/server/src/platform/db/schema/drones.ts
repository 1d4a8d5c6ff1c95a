import type { DroneEndpoint, DroneFailsafes, DroneStatus } from '@linewalker/domain';
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
    /** Its failsafes (link loss, battery, fence); null = the defaults. */
    failsafes: jsonb('failsafes').$type<DroneFailsafes>(),
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

/** One flight of a drone: from take-off to landing, recorded by the process holding its vehicle link. */
export const droneFlights = pgTable(
  'drone_flights',
  {
    id: serial('id').primaryKey(),
    droneId: integer('drone_id')
      .notNull()
      .references(() => drones.id, { onDelete: 'cascade' }),
    /** The pilot in control at take-off. */
    pilotId: integer('pilot_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: moment('started_at').notNull(),
    /** Null while in the air (or when the process flying it died: closed at the drone's next take-off). */
    endedAt: moment('ended_at'),
  },
  (t) => [index('drone_flights_drone_started_idx').on(t.droneId, t.startedAt)],
);

/** The track of a flight: one sample a second. */
export const droneFlightPoints = pgTable(
  'drone_flight_points',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    flightId: integer('flight_id')
      .notNull()
      .references(() => droneFlights.id, { onDelete: 'cascade' }),
    at: moment('at').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    /** Metres above home. */
    altitude: doublePrecision('altitude').notNull(),
    heading: doublePrecision('heading').notNull(),
    speed: doublePrecision('speed').notNull(),
    batteryPercent: doublePrecision('battery_percent').notNull(),
  },
  (t) => [index('drone_flight_points_flight_at_idx').on(t.flightId, t.at)],
);

/** What happened in a flight: take-off, landing, failsafes raised and cleared. */
export const droneFlightEvents = pgTable(
  'drone_flight_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    flightId: integer('flight_id')
      .notNull()
      .references(() => droneFlights.id, { onDelete: 'cascade' }),
    at: moment('at').notNull(),
    kind: varchar('kind', { length: 40 }).notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  (t) => [index('drone_flight_events_flight_at_idx').on(t.flightId, t.at)],
);

/**
 * A video the pilot recorded (Space held): the camera's JPEG frames as they came, in an MJPEG AVI in
 * storage. It belongs to the flight in the air when it started (matched by time, like the commands).
 */
export const droneRecordings = pgTable(
  'drone_recordings',
  {
    id: serial('id').primaryKey(),
    droneId: integer('drone_id')
      .notNull()
      .references(() => drones.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: moment('started_at').notNull(),
    endedAt: moment('ended_at').notNull(),
    frames: integer('frames').notNull(),
    /** Frames a second as recorded (the average rate). */
    fps: doublePrecision('fps').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: doublePrecision('bytes').notNull(),
    storageKey: varchar('storage_key', { length: 300 }).notNull().unique(),
  },
  (t) => [index('drone_recordings_drone_started_idx').on(t.droneId, t.startedAt)],
);
