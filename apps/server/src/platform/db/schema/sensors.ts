import { sql } from 'drizzle-orm';
import { bigserial, doublePrecision, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns.ts';
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

/** Tilt/vibration sensors mounted on structures; device_id is the vendor's id. */
export const sensorDevices = pgTable(
  'sensor_devices',
  {
    deviceId: varchar('device_id', { length: 64 }).primaryKey(),
    structureId: integer('structure_id').references(() => structures.id, { onDelete: 'set null' }),
    battery: doublePrecision('battery'),
    createdAt: createdAt(),
  },
  (t) => [index('sensor_devices_structure_idx').on(t.structureId)],
);

export const sensorReadings = pgTable(
  'sensor_readings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: varchar('device_id', { length: 64 })
      .notNull()
      .references(() => sensorDevices.deviceId, { onDelete: 'cascade' }),
    payloadTime: moment('payload_time').notNull(),
    payload: jsonb('payload').$type<SensorPayload>().notNull(),
  },
  // The pages read the newest reading per device.
  (t) => [index('sensor_readings_device_time_idx').on(t.deviceId, sql`${t.payloadTime} desc`)],
);
