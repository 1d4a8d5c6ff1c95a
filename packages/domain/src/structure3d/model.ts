import { bearingOf, type Enu, toEnu, viewDirection } from './geometry.ts';

/** What the 3D model needs of a photo (the server reads it from the stored EXIF/XMP columns). */
export interface CameraPhoto {
  id: number;
  image_name: string;
  lat: number | null;
  lon: number | null;
  /** GPS altitude above sea level, metres. */
  altitude: number | null;
  /** DJI RelativeAltitude: metres above the take-off point. */
  relative_altitude: number | null;
  /** Gimbal yaw, degrees clockwise from north. */
  bearing: number | null;
  /** Gimbal pitch, degrees: 0 level, -90 straight down. */
  gimbal_pitch: number | null;
}

export type HeightSource = 'relative' | 'gps' | 'assumed';

export interface ModelCamera {
  image_id: number;
  image_name: string;
  /** Camera position, metres in the structure's ENU frame (origin on the ground at the structure). */
  position: Enu;
  /** Unit viewing direction in the same frame. */
  direction: Enu;
  yaw: number;
  pitch: number;
  /** How the camera's height was found (see `buildStructureModel`). */
  height_source: HeightSource;
  /** True when the photo had no gimbal yaw/pitch and the camera is drawn aiming at the structure. */
  direction_assumed: boolean;
  /** Horizontal metres from the structure. */
  distance: number;
  /** The side of the structure the camera stood on ('N', 'NE', … 'NW'); null right above it. */
  side: CompassSide | null;
}

export const COMPASS_SIDES = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassSide = (typeof COMPASS_SIDES)[number];

export interface StructureModel {
  origin: { lat: number; lon: number };
  /** A pole/tower proxy: a vertical cylinder of this height on the origin. */
  structure: { height: number; height_source: 'sightlines' | 'cameras' | 'default' };
  cameras: ModelCamera[];
  /** Photos without a GPS position: they cannot be placed. */
  unplaced: { image_id: number; image_name: string }[];
  /** Sides with at least one camera, in compass order. */
  sides: CompassSide[];
}

/** Structure height bounds and the height used when the photos tell nothing (a distribution pole). */
export const STRUCTURE_HEIGHT_MIN = 3;
export const STRUCTURE_HEIGHT_MAX = 100;
export const STRUCTURE_HEIGHT_DEFAULT = 12;
/** Photos farther than this (m) are not used to estimate the structure's height. */
const SIGHTLINE_MAX_DISTANCE = 80;
/** Within this horizontal distance (m) a camera is above the structure and on no side. */
const ABOVE_RADIUS = 1;

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The compass side (octant) of a horizontal offset from the structure. */
export function sideOf(e: number, n: number): CompassSide | null {
  if (Math.hypot(e, n) < ABOVE_RADIUS) return null;
  return COMPASS_SIDES[Math.round(bearingOf(e, n) / 45) % 8]!;
}

/**
 * Where a camera's line of sight passes the structure's vertical axis: the height at the ray's closest
 * horizontal approach to the axis. Null when the camera looks away from the structure (more than 60° off),
 * straight down, or is right above it.
 */
export function sightlineHeight(position: Enu, yawDeg: number, pitchDeg: number): number | null {
  const distance = Math.hypot(position.e, position.n);
  if (distance < ABOVE_RADIUS || pitchDeg <= -80 || pitchDeg >= 80) return null;
  const d = viewDirection(yawDeg, 0);
  // Horizontal metres along the view to the point nearest the axis.
  const along = -(position.e * d.e + position.n * d.n);
  if (along <= 0 || along < distance * Math.cos((60 * Math.PI) / 180)) return null;
  return position.u + along * Math.tan((pitchDeg * Math.PI) / 180);
}

/**
 * Builds the structure's 3D model from its photos.
 *
 * Camera height (metres above the structure's ground): the photo's RelativeAltitude (DJI; the take-off
 * point is taken to be at the structure's ground level), else its GPS altitude less the ground altitude
 * estimated from the photos that have both (median of altitude − relative altitude), else 'assumed': level
 * with the structure's top. Direction: gimbal yaw and pitch; without them the camera aims at the structure.
 *
 * Structure height: the highest point where a photo's line of sight passes the structure's axis (photos
 * within 80 m that face it; inspectors frame the top hardware), else the median camera height, else 12 m;
 * always within 3–100 m.
 */
export function buildStructureModel(
  origin: { lat: number; lon: number },
  photos: readonly CameraPhoto[],
): StructureModel {
  const groundAltitude = median(
    photos
      .filter((p) => p.altitude !== null && p.relative_altitude !== null)
      .map((p) => p.altitude! - p.relative_altitude!),
  );
  const unplaced: StructureModel['unplaced'] = [];
  const placed: { photo: CameraPhoto; e: number; n: number; u: number | null; source: HeightSource }[] = [];
  for (const p of photos) {
    if (p.lat === null || p.lon === null) {
      unplaced.push({ image_id: p.id, image_name: p.image_name });
      continue;
    }
    const { e, n } = toEnu({ ...origin, alt: 0 }, { lat: p.lat, lon: p.lon, alt: 0 });
    if (p.relative_altitude !== null)
      placed.push({ photo: p, e, n, u: p.relative_altitude, source: 'relative' });
    else if (p.altitude !== null && groundAltitude !== null)
      placed.push({ photo: p, e, n, u: p.altitude - groundAltitude, source: 'gps' });
    else placed.push({ photo: p, e, n, u: null, source: 'assumed' });
  }

  const sightlines: number[] = [];
  for (const c of placed) {
    const { bearing, gimbal_pitch } = c.photo;
    if (c.u === null || bearing === null || gimbal_pitch === null) continue;
    if (Math.hypot(c.e, c.n) > SIGHTLINE_MAX_DISTANCE) continue;
    const h = sightlineHeight({ e: c.e, n: c.n, u: c.u }, bearing, gimbal_pitch);
    if (h !== null && h > 0) sightlines.push(h);
  }
  const cameraHeights = placed.filter((c) => c.u !== null && c.u > 0).map((c) => c.u!);
  let height: number;
  let heightSource: StructureModel['structure']['height_source'];
  if (sightlines.length > 0) {
    height = Math.max(...sightlines);
    heightSource = 'sightlines';
  } else if (cameraHeights.length > 0) {
    height = median(cameraHeights)!;
    heightSource = 'cameras';
  } else {
    height = STRUCTURE_HEIGHT_DEFAULT;
    heightSource = 'default';
  }
  height = round(clamp(height, STRUCTURE_HEIGHT_MIN, STRUCTURE_HEIGHT_MAX), 2);

  const cameras: ModelCamera[] = placed.map((c) => {
    const u = c.u ?? height;
    const hasAngles = c.photo.bearing !== null && c.photo.gimbal_pitch !== null;
    // Without angles: aim at the structure's middle.
    const aimYaw = bearingOf(-c.e, -c.n);
    const aimPitch = (Math.atan2(height / 2 - u, Math.max(Math.hypot(c.e, c.n), 0.01)) * 180) / Math.PI;
    const yaw = hasAngles ? ((c.photo.bearing! % 360) + 360) % 360 : aimYaw;
    const pitch = hasAngles ? c.photo.gimbal_pitch! : aimPitch;
    const direction = viewDirection(yaw, pitch);
    return {
      image_id: c.photo.id,
      image_name: c.photo.image_name,
      position: { e: round(c.e), n: round(c.n), u: round(u) },
      direction: { e: round(direction.e, 6), n: round(direction.n, 6), u: round(direction.u, 6) },
      yaw: round(yaw, 2),
      pitch: round(pitch, 2),
      height_source: c.source,
      direction_assumed: !hasAngles,
      distance: round(Math.hypot(c.e, c.n), 2),
      side: sideOf(c.e, c.n),
    };
  });
  const present = new Set(cameras.map((c) => c.side));
  return {
    origin: { lat: origin.lat, lon: origin.lon },
    structure: { height, height_source: heightSource },
    cameras,
    unplaced,
    sides: COMPASS_SIDES.filter((s) => present.has(s)),
  };
}
