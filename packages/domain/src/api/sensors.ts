import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { type FieldCheck, plainRows } from '../http/plainRows.ts';

/** The MQTT topic a device publishes its readings to (the device contract). */
export const SENSOR_TOPIC_PREFIX = 'linewalker/sensors/';
export const sensorTopic = (deviceId: string): string => `${SENSOR_TOPIC_PREFIX}${deviceId}/readings`;
/** The device id in a readings topic, or null when the topic is not one. */
export function deviceIdOfTopic(topic: string): string | null {
  if (!topic.startsWith(SENSOR_TOPIC_PREFIX) || !topic.endsWith('/readings')) return null;
  const id = topic.slice(SENSOR_TOPIC_PREFIX.length, -'/readings'.length);
  return DEVICE_ID_PATTERN.test(id) ? id : null;
}

/** Most readings one HTTP request may carry. */
export const SENSOR_BATCH_MAX = 1000;
/** A device id: what a vendor prints on the unit; also an MQTT topic level, so no '/', '+', '#'. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
/** Spec 3 §4: the sensors page and the Sensor Data modal refresh every 5 seconds. */
export const SENSOR_REFRESH_MS = 5000;

export const DeviceId = z
  .string()
  .trim()
  .regex(
    DEVICE_ID_PATTERN,
    'device_id: 1–64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit',
  );

/** A measured value: a finite number (JSON has no NaN or infinity, but a huge exponent is refused too). */
const Measure = z.number().finite();
const Xyz = z.object({ x: Measure, y: Measure, z: Measure }).strict();

/** Spec 3 §3 'Sensor reading': the payload fields, each optional; nothing else. */
export const SensorPayloadSchema = z
  .object({
    methane: Measure.optional(),
    nitrus_oxide: Measure.optional(),
    carbon_dioxide: Measure.optional(),
    temp_humidity: Measure.optional(),
    uv: Measure.optional(),
    vibration: z.array(Xyz).max(1000).optional(),
    tilt: z.array(Xyz).max(1000).optional(),
  })
  .strict();
export type SensorPayloadValue = z.infer<typeof SensorPayloadSchema>;

/** One message of the device contract (MQTT and HTTP alike). */
export const SensorMessage = z
  .object({
    payload_time: z.iso
      .datetime({ offset: true, message: 'payload_time: an ISO 8601 date-time with a time zone' })
      .transform((s) => new Date(s)),
    payload: SensorPayloadSchema,
    battery: z.number().min(0).max(100).optional(),
  })
  .strict();
export type SensorMessageValue = z.output<typeof SensorMessage>;

/** The HTTP body: one message or an array of 1 to 1,000. */
export const SensorReadingsBody = z.union([
  SensorMessage,
  z.array(SensorMessage).min(1).max(SENSOR_BATCH_MAX, `at most ${SENSOR_BATCH_MAX} readings per request`),
]);
export const SensorReadingsAccepted = z.object({ accepted: z.number().int(), stored: z.number().int() });

export const RegisterSensorDevice = z.object({ device_id: DeviceId, structure_id: PositiveId }).strict();
export const SensorDeviceCredential = z.object({ device_id: z.string(), token: z.string() });
export const SensorDeviceParams = z.object({ deviceId: DeviceId });
export const MoveSensorDevice = z.object({ structure_id: PositiveId }).strict();
export const SensorDeviceRow = z.object({
  device_id: z.string(),
  structure_id: z.number().nullable(),
  retired_at: z.string().nullable(),
  battery: z.number().nullable(),
  last_seen_at: z.string().nullable(),
});

/** The Date Range select of the sensors page: how far back the chart reaches. */
export const SENSOR_RANGES = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
} as const;
export type SensorRange = keyof typeof SENSOR_RANGES;
export const SENSOR_RANGE_LABELS: Record<SensorRange, string> = {
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};
/** Buckets of a chart: each gives its minimum and its maximum, so a chart has at most 1,000 points. */
export const SENSOR_CHART_BUCKETS = 500;

export const SensorDataQuery = z.object({
  company_id: PositiveId.optional(),
  /** The selected device: its vibrations (downsampled over `range`) come with its row; the others' are empty. */
  device_id: DeviceId.optional(),
  range: z.enum(['1h', '24h', '7d', '30d']).default('24h'),
});
export const SensorVibrationPoint = z.object({
  recorded_date: z.string(),
  x: z.number(),
  y: z.number(),
  z: z.number(),
});
/** Spec 3 §3 'Sensor structure'. */
export const SensorStructure = z.object({
  common_sense_device_id: z.string(),
  line_name: z.string().nullable(),
  struct_num: z.string().nullable(),
  structure_id: z.number().nullable(),
  company_id: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  battery: z.number().nullable(),
  last_seen: z.string().nullable(),
  tilt_x: z.number().nullable(),
  tilt_y: z.number().nullable(),
  tilt_z: z.number().nullable(),
  recent_vibration_x: z.number().nullable(),
  recent_vibration_y: z.number().nullable(),
  recent_vibration_z: z.number().nullable(),
  first_vibration_reading_date: z.string().nullable(),
  recent_vibration_reading_date: z.string().nullable(),
  alert: z.number().int(),
  vibrations: z.array(SensorVibrationPoint),
});
export type SensorStructureValue = z.infer<typeof SensorStructure>;
export const SensorStructureList = z.array(SensorStructure);

/** The row checks of `SensorStructure`, for a list of 10,000 devices. */
const SENSOR_STRUCTURE_FIELDS: Record<keyof SensorStructureValue, FieldCheck> = {
  common_sense_device_id: 'string',
  line_name: 'string?',
  struct_num: 'string?',
  structure_id: 'number?',
  company_id: 'number?',
  latitude: 'number?',
  longitude: 'number?',
  battery: 'number?',
  last_seen: 'string?',
  tilt_x: 'number?',
  tilt_y: 'number?',
  tilt_z: 'number?',
  recent_vibration_x: 'number?',
  recent_vibration_y: 'number?',
  recent_vibration_z: 'number?',
  first_vibration_reading_date: 'string?',
  recent_vibration_reading_date: 'string?',
  alert: 'int',
  vibrations: { list: z.array(SensorVibrationPoint) },
};

/**
 * `SensorStructureList.parse` with the rows checked by plain loops (10,000 devices are 190,000 values).
 * Anything the loops refuse goes through the schema, so a bad answer fails with the schema's own error.
 */
export const parseSensorStructureList = (input: unknown): SensorStructureValue[] =>
  plainRows<SensorStructureValue>(input, SENSOR_STRUCTURE_FIELDS) ?? SensorStructureList.parse(input);
export const SensorDeviceListQuery = z.object({ company_id: PositiveId.optional() });
export const SensorDeviceList = z.array(
  z.object({ device_id: z.string(), structure_id: z.number().nullable() }),
);
export const SensorPayloadQuery = z.object({ device_id: DeviceId });
export const SensorPayloadList = z.array(
  z.object({
    device_id: z.string(),
    payload_time: z.string(),
    payload: z.record(z.string(), z.unknown()),
    battery: z.number().nullable(),
  }),
);
