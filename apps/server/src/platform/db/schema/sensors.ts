import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { createdAt, moment, updatedAt } from './columns.ts';
import { structures } from './structures.ts';

export interface XYZ {
  x: number;
  y: number;
  z: number;
}
/** A sensor message (spec 3 §3 'Sensor reading'). */
export interface SensorPayload {
  methane?: number;
  nitrus_oxide?: number;
  carbon_dioxide?: number;
  temp_humidity?: number;
  uv?: number;
  vibration?: XYZ[];
  tilt?: XYZ[];
}

/**
 * Tilt/vibration sensors mounted on structures; device_id is the vendor's id. The device's credential is
 * kept as the SHA-256 of its token (shown once at registration); a retired device is refused. The row is
 * also the device's latest value (battery, last seen, newest reading), so the sensors list reads one row per
 * device and never scans the readings.
 */
export const sensorDevices = pgTable(
  'sensor_devices',
  {
    deviceId: varchar('device_id', { length: 64 }).primaryKey(),
    structureId: integer('structure_id').references(() => structures.id, { onDelete: 'set null' }),
    tokenHash: varchar('token_hash', { length: 64 }),
    retiredAt: moment('retired_at'),
    battery: doublePrecision('battery'),
    lastSeenAt: moment('last_seen_at'),
    latestPayloadTime: moment('latest_payload_time'),
    latestPayload: jsonb('latest_payload').$type<SensorPayload>(),
    /** The payload_time of the device's first reading with a vibration (the detail card's 'first' time). */
    firstVibrationTime: moment('first_vibration_time'),
    createdAt: createdAt(),
  },
  (t) => [index('sensor_devices_structure_idx').on(t.structureId)],
);

/** Readings keyed by (device, time): the same message delivered twice is stored once. */
export const sensorReadings = pgTable(
  'sensor_readings',
  {
    deviceId: varchar('device_id', { length: 64 })
      .notNull()
      .references(() => sensorDevices.deviceId, { onDelete: 'cascade' }),
    payloadTime: moment('payload_time').notNull(),
    payload: jsonb('payload').$type<SensorPayload>().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'sensor_readings_pkey', columns: [t.deviceId, t.payloadTime] })],
);

/**
 * The hourly rollup of every reading (sensorRollup.ts): per device and UTC hour, how many readings, the
 * vibration range on each axis with the first and last time a vibration was read, and the mean tilt (over
 * the `tilt_readings` that had one). Kept current by the ingest in each batch's transaction, so long chart
 * ranges read it instead of raw rows, and it outlives the raw readings the retention job deletes.
 */
export const sensorReadingsHourly = pgTable(
  'sensor_readings_hourly',
  {
    deviceId: varchar('device_id', { length: 64 })
      .notNull()
      .references(() => sensorDevices.deviceId, { onDelete: 'cascade' }),
    hour: moment('hour').notNull(),
    readings: integer('readings').notNull(),
    vibrationXMin: doublePrecision('vibration_x_min'),
    vibrationXMax: doublePrecision('vibration_x_max'),
    vibrationYMin: doublePrecision('vibration_y_min'),
    vibrationYMax: doublePrecision('vibration_y_max'),
    vibrationZMin: doublePrecision('vibration_z_min'),
    vibrationZMax: doublePrecision('vibration_z_max'),
    vibrationFirstAt: moment('vibration_first_at'),
    vibrationLastAt: moment('vibration_last_at'),
    tiltReadings: integer('tilt_readings').notNull().default(0),
    tiltX: doublePrecision('tilt_x'),
    tiltY: doublePrecision('tilt_y'),
    tiltZ: doublePrecision('tilt_z'),
  },
  (t) => [primaryKey({ name: 'sensor_readings_hourly_pkey', columns: [t.deviceId, t.hour] })],
);

/**
 * A company's alert rules for one structure class (the JSON of domain's AlertRuleSet without its class); a
 * class without a row has the shipped defaults (DEFAULT_RULE_SETS).
 */
export const sensorAlertRules = pgTable(
  'sensor_alert_rules',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    structureClass: varchar('structure_class', { length: 16 }).notNull(),
    rules: jsonb('rules').notNull(),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ name: 'sensor_alert_rules_pkey', columns: [t.companyId, t.structureClass] })],
);

/**
 * Alerts of devices, one row per alert (not per reading). A row with raised_at null is a value over its
 * threshold that has not held long enough yet (the evaluation's state, kept here so every server and every
 * restart agrees); it is deleted when the value drops first. A raised alert is open until ended_at. At most
 * one unfinished row per (device, kind, level): two servers cannot raise the same alert twice.
 */
export const sensorAlerts = pgTable(
  'sensor_alerts',
  {
    id: serial('id').primaryKey(),
    deviceId: varchar('device_id', { length: 64 })
      .notNull()
      .references(() => sensorDevices.deviceId, { onDelete: 'cascade' }),
    /** The device's company when the alert started (null: the device was on no customer structure). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<'tilt' | 'vibration' | 'offline'>().notNull(),
    level: smallint('level').notNull(),
    threshold: doublePrecision('threshold').notNull(),
    startedAt: moment('started_at').notNull(),
    raisedAt: moment('raised_at'),
    endedAt: moment('ended_at'),
    peak: doublePrecision('peak'),
    /** Why it ended: cleared (under the hysteresis line), heard (offline ended), retired or moved (the device). */
    endReason: varchar('end_reason', { length: 10 }).$type<'cleared' | 'heard' | 'retired' | 'moved'>(),
  },
  (t) => [
    uniqueIndex('sensor_alerts_unfinished_unique')
      .on(t.deviceId, t.kind, t.level)
      .where(sql`${t.endedAt} is null`),
    index('sensor_alerts_device_time_idx').on(t.deviceId, t.startedAt),
  ],
);

/**
 * Users who asked to be told when an alert of their company's devices is raised (a per-user opt-in): by
 * e-mail and/or by text message (to the user's phone). A row has at least one of the two.
 */
export const sensorAlertSubscribers = pgTable('sensor_alert_subscribers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  sms: boolean('sms').notNull().default(false),
  createdAt: createdAt(),
});
