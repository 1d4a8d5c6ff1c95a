import type { CommandResult, DroneEndpoint } from '@linewalker/domain';

/** How the console names each endpoint in its Input Queue (the button labels). */
export const ENDPOINT_LABELS: Record<DroneEndpoint, string> = {
  '/yawLeft': 'Yaw-L',
  '/moveForward': 'Forward',
  '/yawRight': 'Yaw-R',
  '/moveUp': 'Ascend',
  '/moveLeft': 'Left',
  '/moveBackward': 'Reverse',
  '/moveRight': 'Right',
  '/moveDown': 'Descend',
  '/arm': 'Arm',
  '/disarm': 'Disarm',
  '/takeoff': 'Take-Off',
  '/land': 'Land',
  '/returnHome': 'Head Home',
  '/capture': 'Capture Image',
  '/recordStart': 'Start Recording',
  '/recordStop': 'Stop Recording',
};

export interface QueuedCommand {
  requestId: string;
  endpoint: DroneEndpoint;
  /** null while waiting for the answer. */
  result: CommandResult | 'failed' | null;
  message: string | null;
  roundTripMs: number | null;
}

/** The Input Queue keeps this many entries, newest first (the spec's example shows 18). */
export const QUEUE_LENGTH = 18;

export const enqueue = (queue: QueuedCommand[], entry: QueuedCommand): QueuedCommand[] =>
  [entry, ...queue].slice(0, QUEUE_LENGTH);

export const settle = (
  queue: QueuedCommand[],
  requestId: string,
  answer: Pick<QueuedCommand, 'result' | 'message' | 'roundTripMs'>,
): QueuedCommand[] => queue.map((c) => (c.requestId === requestId ? { ...c, ...answer } : c));

/** What a failsafe or safety alert tells the pilot, with what the vehicle is doing. */
export const ALERT_TEXT: Record<string, string> = {
  linkLost: 'Console link lost: the drone is hovering and will return home.',
  batteryLow: 'Battery low: the drone is returning home.',
  batteryCritical: 'Battery critical: the drone is landing.',
  geofence: 'Geofence reached: the drone stopped at the boundary.',
  geofenceReturn: 'Outside the geofence: the drone is returning home.',
  emergencyStop: 'Emergency stop: the drone is hovering and refuses commands until the stop is released.',
};
