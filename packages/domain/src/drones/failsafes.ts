import { z } from 'zod';

/**
 * A drone's failsafes (issue 19 'Safety'), set per drone on the Drones admin page. Defaults follow what PX4
 * and DJI ship: return home at 20 % battery and land at 10 %; a fence 800 m from home and 120 m above it
 * (the FAA's Part 107 ceiling is 400 ft, 122 m, which is also the most the fence allows).
 */
export const DEFAULT_DRONE_FAILSAFES = {
  /** No console heartbeat for this long while airborne → hover; twice as long → return home. */
  link_loss_seconds: 3,
  return_home_battery: 20,
  land_battery: 10,
  geofence_distance_m: 800,
  geofence_altitude_m: 120,
} as const;

export const FAILSAFE_MESSAGES = {
  linkLoss: 'Link loss must be from 1 to 60 seconds',
  returnHomeBattery: 'Return home battery must be from 5 to 90 %',
  landBattery: 'Land battery must be from 0 to 80 %',
  landBelowReturn: 'Land battery must be below the return home battery',
  geofenceDistance: 'Fence distance must be from 20 to 10000 m',
  geofenceAltitude: 'Fence height must be from 5 to 120 m',
} as const;

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const DroneFailsafes = z
  .object({
    link_loss_seconds: whole(1, 60, FAILSAFE_MESSAGES.linkLoss),
    return_home_battery: whole(5, 90, FAILSAFE_MESSAGES.returnHomeBattery),
    land_battery: whole(0, 80, FAILSAFE_MESSAGES.landBattery),
    geofence_distance_m: whole(20, 10_000, FAILSAFE_MESSAGES.geofenceDistance),
    geofence_altitude_m: whole(5, 120, FAILSAFE_MESSAGES.geofenceAltitude),
  })
  .superRefine((f, ctx) => {
    if (f.land_battery >= f.return_home_battery)
      ctx.addIssue({ code: 'custom', path: ['land_battery'], message: FAILSAFE_MESSAGES.landBelowReturn });
  });
export type DroneFailsafes = z.infer<typeof DroneFailsafes>;
