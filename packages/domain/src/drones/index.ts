import { z } from 'zod';
import { MAX_DB_ID } from '../common.ts';
import { DroneFailsafes } from './failsafes.ts';

export * from './admin.ts';
export * from './failsafes.ts';
export * from './mjpegAvi.ts';

/** The console's command endpoints (spec 3 §7), plus what the console's safety controls send. */
export const MOVE_ENDPOINTS = [
  '/yawLeft',
  '/moveForward',
  '/yawRight',
  '/moveUp',
  '/moveLeft',
  '/moveBackward',
  '/moveRight',
  '/moveDown',
] as const;
export const DRONE_ENDPOINTS = [
  ...MOVE_ENDPOINTS,
  '/arm',
  '/disarm',
  '/takeoff',
  '/land',
  '/returnHome',
  '/capture',
  '/recordStart',
  '/recordStop',
] as const;
export const DroneEndpoint = z.enum(DRONE_ENDPOINTS);
export type DroneEndpoint = z.infer<typeof DroneEndpoint>;
export type MoveEndpoint = (typeof MOVE_ENDPOINTS)[number];

export const CAPTURE_MESSAGES = {
  projectRequired: 'Choose the project captured images go to',
} as const;

/**
 * What a capture may carry: the project whose photos the image joins. Without it (spec 3 §3 shows
 * `requestJson` as null) the image goes to the drone's own project.
 */
export const CaptureJson = z
  .object({
    projectId: z.number().int().positive().max(MAX_DB_ID).optional(),
  })
  .strict();

/**
 * Drone command payload (spec 3 §3): requestId, endpoint, requestJson — null, except that `/capture` may name
 * the project the captured image goes to (`{projectId}`; the drone's own project otherwise).
 */
export const DroneCommand = z.object({
  requestId: z.uuid(),
  endpoint: DroneEndpoint,
  requestJson: CaptureJson.nullable().optional(),
});
export type DroneCommand = z.infer<typeof DroneCommand>;

export const GeoPoint = z.object({ lat: z.number(), lon: z.number(), alt: z.number() });
export type GeoPoint = z.infer<typeof GeoPoint>;

export const FLIGHT_MODES = ['landed', 'takeoff', 'manual', 'hover', 'returnHome', 'landing'] as const;
export const FlightMode = z.enum(FLIGHT_MODES);
export type FlightMode = z.infer<typeof FlightMode>;

/** A failsafe or safety state the pilot is shown as a banner, with what the vehicle is doing. */
export const DRONE_ALERTS = [
  'linkLost',
  'batteryLow',
  'batteryCritical',
  'geofence',
  'emergencyStop',
] as const;
export const DroneAlert = z.enum(DRONE_ALERTS);
export type DroneAlert = z.infer<typeof DroneAlert>;

/**
 * Drone status message (spec 3 §3: airborne, armed, home, location, last_command_executed), with what the
 * console shows besides: battery, remaining flight time, altitude above home, speed, heading, link quality.
 */
export const DroneStatus = z.object({
  airborne: z.boolean(),
  armed: z.boolean(),
  home: GeoPoint,
  location: GeoPoint,
  last_command_executed: z.string().nullable(),
  mode: FlightMode,
  batteryPercent: z.number(),
  remainingFlightSeconds: z.number(),
  flightSeconds: z.number(),
  altitude: z.number(),
  speed: z.number(),
  heading: z.number(),
  gimbalPitch: z.number(),
  linkQuality: z.number(),
  recording: z.boolean(),
  videoMode: z.string(),
  alerts: z.array(DroneAlert),
  at: z.number(),
});
export type DroneStatus = z.infer<typeof DroneStatus>;

/** What the live connection sends as `{op:'status', payload}`: the status, and which pilot has control. */
export const DroneLiveStatus = DroneStatus.extend({
  controller: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
});
export type DroneLiveStatus = z.infer<typeof DroneLiveStatus>;

/** What became of a command (spec 3 §7 drone command call). */
export const COMMAND_RESULTS = ['executed', 'rejected', 'late', 'stopped', 'unreachable'] as const;
export const CommandResult = z.enum(COMMAND_RESULTS);
export type CommandResult = z.infer<typeof CommandResult>;

/** The answer to `POST /api/v1/drones/sendCommand/{id}`: the same for every repeat of its requestId. */
export const DroneCommandAnswer = z.object({
  requestId: z.string(),
  endpoint: DroneEndpoint,
  ok: z.boolean(),
  result: CommandResult,
  message: z.string().nullable(),
  sentAt: z.string(),
  acknowledgedAt: z.string(),
  roundTripMs: z.number(),
  /** `/capture`: the project photo the captured image became. */
  imageId: z.number().int().nullable().optional(),
});
export type DroneCommandAnswer = z.infer<typeof DroneCommandAnswer>;

/** The control lease: one pilot flies a drone at a time, the others watch. */
export const DroneControl = z.object({
  controller: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  expiresAt: z.string().nullable(),
  emergencyStop: z.boolean(),
});
export type DroneControl = z.infer<typeof DroneControl>;

export const EmergencyStopBody = z.object({ active: z.boolean() });
export type EmergencyStopBody = z.infer<typeof EmergencyStopBody>;

/**
 * Messages the console sends on the live connection. `binary: true` (ours, beside the spec's shape) asks for
 * camera frames as binary messages (see decodeLiveFrame) instead of base64 JSON `detectorFrame`s: a third less
 * to send and no text to parse, so a page decodes them off its main thread.
 */
export const LiveClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscriber'),
    droneId: z.coerce.number().int().positive(),
    binary: z.boolean().optional(),
  }),
  z.object({ op: z.literal('heartbeat') }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

/** A binary camera frame: the render time (ms since the epoch, float64 big-endian), then the JPEG. */
export const LIVE_FRAME_HEADER_BYTES = 8;

export function decodeLiveFrame(message: ArrayBuffer): { renderedAt: number; jpeg: Uint8Array } {
  return {
    renderedAt: new DataView(message, 0, LIVE_FRAME_HEADER_BYTES).getFloat64(0, false),
    jpeg: new Uint8Array(message, LIVE_FRAME_HEADER_BYTES),
  };
}

/** How long a control lease lasts without a command or heartbeat from its pilot. */
export const CONTROL_LEASE_MS = 30_000;

/** Remaining flight time bar zones: green above 40 %, yellow to 20 % (return home), red below. */
export function flightTimeZone(batteryPercent: number): 'green' | 'yellow' | 'red' {
  if (batteryPercent > 40) return 'green';
  if (batteryPercent > 20) return 'yellow';
  return 'red';
}

/** `49:22`-style minutes and seconds (hours folded into minutes). */
export function formatFlightClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A command older than this when it reaches the vehicle is dropped, never executed late. */
export const COMMAND_MAX_AGE_MS = 500;

/** One drone of `GET /api/v1/drones`: what the console's picker and the admin page show. */
export const DroneListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  serial_number: z.string().nullable(),
  driver: z.enum(['simulator', 'mavlink']),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  /** MAVLink: the vehicle's `host:port`; null for the simulator. */
  address: z.string().nullable(),
  home_lat: z.number().nullable(),
  home_lon: z.number().nullable(),
  home_alt: z.number().nullable(),
  /** Set once a super admin retired it: no longer offered on the console, commands refused. */
  retired_at: z.string().nullable(),
  last_status: DroneStatus.nullable(),
  last_status_at: z.string().nullable(),
  failsafes: DroneFailsafes,
});
export type DroneListItem = z.infer<typeof DroneListItem>;
export const DroneList = z.array(DroneListItem);
