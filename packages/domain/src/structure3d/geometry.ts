/**
 * Geometry of the structure's 3D view (spec 2 §2 'Map and 3D'): camera positions in a local metric frame
 * around the structure and viewing directions from the gimbal's yaw and pitch. Pure: no I/O.
 *
 * Frame: ENU (east, north, up) in metres, origin on the ground at the structure's position.
 */

export interface Geodetic {
  /** WGS84 degrees. */
  lat: number;
  lon: number;
  /** Metres above the ellipsoid (or any common vertical datum; only differences matter here). */
  alt: number;
}

export interface Enu {
  e: number;
  n: number;
  u: number;
}

/** WGS84 semi-major axis (m) and first eccentricity squared. */
const WGS84_A = 6_378_137;
const WGS84_E2 = 6.69437999014e-3;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Earth-centred, earth-fixed coordinates (m) of a WGS84 position. */
export function toEcef(p: Geodetic): { x: number; y: number; z: number } {
  const lat = rad(p.lat);
  const lon = rad(p.lon);
  const sinLat = Math.sin(lat);
  const cosLat = Math.cos(lat);
  const primeVertical = WGS84_A / Math.sqrt(1 - WGS84_E2 * sinLat * sinLat);
  return {
    x: (primeVertical + p.alt) * cosLat * Math.cos(lon),
    y: (primeVertical + p.alt) * cosLat * Math.sin(lon),
    z: (primeVertical * (1 - WGS84_E2) + p.alt) * sinLat,
  };
}

/** `point` in the ENU frame whose origin is `origin` (exact ECEF rotation, not a flat-earth shortcut). */
export function toEnu(origin: Geodetic, point: Geodetic): Enu {
  const o = toEcef(origin);
  const p = toEcef(point);
  const dx = p.x - o.x;
  const dy = p.y - o.y;
  const dz = p.z - o.z;
  const lat = rad(origin.lat);
  const lon = rad(origin.lon);
  const sinLat = Math.sin(lat);
  const cosLat = Math.cos(lat);
  const sinLon = Math.sin(lon);
  const cosLon = Math.cos(lon);
  return {
    e: -sinLon * dx + cosLon * dy,
    n: -sinLat * cosLon * dx - sinLat * sinLon * dy + cosLat * dz,
    u: cosLat * cosLon * dx + cosLat * sinLon * dy + sinLat * dz,
  };
}

/**
 * The unit vector a camera looks along, in ENU: `yawDeg` clockwise from north (DJI GimbalYawDegree,
 * -180..180 or 0..360), `pitchDeg` up from the horizon (DJI GimbalPitchDegree: 0 level, -90 straight down).
 */
export function viewDirection(yawDeg: number, pitchDeg: number): Enu {
  const yaw = rad(yawDeg);
  const pitch = rad(pitchDeg);
  const horizontal = Math.cos(pitch);
  return { e: horizontal * Math.sin(yaw), n: horizontal * Math.cos(yaw), u: Math.sin(pitch) };
}

/** Degrees clockwise from north of the horizontal direction (e, n), in [0, 360). */
export function bearingOf(e: number, n: number): number {
  return (deg(Math.atan2(e, n)) + 360) % 360;
}
