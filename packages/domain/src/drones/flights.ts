import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { CommandResult, DroneEndpoint } from './index.ts';

/** One flight of a drone, from take-off to landing (ended_at null while in the air). */
export const DroneFlight = z.object({
  id: z.number().int(),
  drone_id: z.number().int(),
  pilot_name: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  points: z.number().int(),
  commands: z.number().int(),
  captures: z.number().int(),
});
export type DroneFlight = z.infer<typeof DroneFlight>;
export const DroneFlightList = z.array(DroneFlight);

export const DroneTrackPoint = z.object({
  at: z.string(),
  lat: z.number(),
  lon: z.number(),
  altitude: z.number(),
  heading: z.number(),
  speed: z.number(),
  battery_percent: z.number(),
});
export type DroneTrackPoint = z.infer<typeof DroneTrackPoint>;

/** take-off, landed, linkClosed, or a failsafe raised (`batteryLow`…) or cleared (`batteryLowCleared`…). */
export const DroneFlightEvent = z.object({
  at: z.string(),
  kind: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type DroneFlightEvent = z.infer<typeof DroneFlightEvent>;

export const DroneFlightCommand = z.object({
  at: z.string(),
  endpoint: DroneEndpoint,
  result: CommandResult.nullable(),
  sent_by_name: z.string().nullable(),
  /** A capture's project photo. */
  image_id: z.number().int().nullable(),
});
export type DroneFlightCommand = z.infer<typeof DroneFlightCommand>;

/** A video recorded during the flight (Space held): an MJPEG AVI of the camera's frames as they came. */
export const DroneRecording = z.object({
  id: z.number().int(),
  started_at: z.string(),
  ended_at: z.string(),
  started_by_name: z.string().nullable(),
  frames: z.number().int(),
  /** Frames a second as recorded. */
  fps: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number(),
});
export type DroneRecording = z.infer<typeof DroneRecording>;

/** A flight's log, for its replay: the track (a sample a second), events, commands, captures and videos. */
export const DroneFlightDetail = DroneFlight.extend({
  track: z.array(DroneTrackPoint),
  events: z.array(DroneFlightEvent),
  command_log: z.array(DroneFlightCommand),
  recordings: z.array(DroneRecording),
});
export type DroneFlightDetail = z.infer<typeof DroneFlightDetail>;

export const DroneFlightParams = z.object({ id: PositiveId, flightId: PositiveId });

export const DroneRecordingParams = z.object({ id: PositiveId, recordingId: PositiveId });
