/**
 * Generated inspection flights for testing and evaluating the photo-to-structure assignment: lines of poles
 * and towers (some running in parallel, as lines share corridors) and photos taken around each structure the
 * way a crew takes them — from 10–40 m, pointed at the structure's body — with the noise a drone's sensors
 * add. Deterministic: the same seed gives the same flight. Test support, not exported from the package.
 */
import {
  ASSIGNMENT_SEARCH_RADIUS_M,
  type CameraPose,
  type CandidateStructure,
  metresBetween,
  type StructureAssessment,
} from '../images/assignment.ts';

/** mulberry32: small, fast, good enough for test data, and the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const between = (random: () => number, lo: number, hi: number) => lo + (hi - lo) * random();

const M_PER_DEG_LAT = 111_320;
/** Moves a point by east/north metres (flat-earth, fine over a few kilometres). */
export function offsetMetres(
  lat: number,
  lon: number,
  east: number,
  north: number,
): { latitude: number; longitude: number } {
  return {
    latitude: lat + north / M_PER_DEG_LAT,
    longitude: lon + east / (M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180)),
  };
}

/** A structure photos can be taken of: where it is and how tall. */
export interface PhotographedStructure extends CandidateStructure {
  heightM: number;
}

export interface SimStructure extends PhotographedStructure {
  kind: 'pole' | 'tower';
  line: number;
}

export interface SimPhoto {
  pose: CameraPose;
  /** The structure the photo was taken of. */
  truth: number;
}

export interface Noise {
  gpsM: number;
  headingDeg: number;
  pitchDeg: number;
  /** Terrain difference between take-off and the structure, ± metres (relative altitude is above take-off). */
  terrainM: number;
}

export const INSPECTION_NOISE: Noise = { gpsM: 3, headingDeg: 8, pitchDeg: 5, terrainM: 5 };

export interface PhotoOptions {
  seed: number;
  photosPerStructure?: number;
  noise?: Noise;
  /** Distance from the structure oblique photos are taken at, metres; 10–40 unless given. */
  standoffM?: readonly [number, number];
  /** Share of photos taken straight down from above the structure (the 'top' shot); 0 unless given. */
  nadirShare?: number;
  /** Drop the camera's heading and pitch (files without gimbal XMP). */
  withoutPose?: boolean;
}

export interface FlightOptions extends PhotoOptions {
  /** Corridors, each with 1–3 parallel lines. */
  corridors?: number;
  /** Structures per line. */
  structuresPerLine?: number;
}

export interface Flight {
  structures: SimStructure[];
  photos: SimPhoto[];
}

/**
 * Corridors of straight lines, poles every 60–120 m (10–20 m tall) or towers every 250–400 m (25–60 m tall);
 * a corridor holds up to three parallel lines 30–60 m apart, of either kind, and corridors may cross.
 */
export function generateFlight(options: FlightOptions): Flight {
  const random = seededRandom(options.seed);
  const corridors = options.corridors ?? 3;
  const perLine = options.structuresPerLine ?? 8;
  const origin = { lat: 51.3 + random(), lon: 12.3 + random() };
  const structures: SimStructure[] = [];
  let line = 0;
  for (let c = 0; c < corridors; c++) {
    // Corridors start within ~1 km of each other so some cross or run close.
    const startE = between(random, -500, 500);
    const startN = between(random, -500, 500);
    const direction = between(random, 0, 2 * Math.PI);
    const [ux, uy] = [Math.sin(direction), Math.cos(direction)];
    const [px, py] = [uy, -ux];
    const lines = 1 + Math.floor(random() * 3);
    let offset = 0;
    for (let l = 0; l < lines; l++, line++) {
      if (l > 0) offset += between(random, 30, 60);
      const kind = random() < 0.6 ? 'pole' : 'tower';
      let along = between(random, 0, 100);
      for (let s = 0; s < perLine; s++) {
        const wobble = between(random, -4, 4);
        const e = startE + ux * along + px * (offset + wobble);
        const n = startN + uy * along + py * (offset + wobble);
        const p = offsetMetres(origin.lat, origin.lon, e, n);
        structures.push({
          id: structures.length + 1,
          ...p,
          kind,
          heightM: kind === 'pole' ? between(random, 10, 20) : between(random, 25, 60),
          line,
        });
        along += kind === 'pole' ? between(random, 60, 120) : between(random, 250, 400);
      }
    }
  }

  // A different stream for the photos, so the same layout gets the same photos whatever the options.
  return { structures, photos: photosAround(structures, { ...options, seed: options.seed + 7919 }) };
}

/**
 * Photos of each structure as a crew takes them: from all round, 10–40 m out, at about the structure's
 * height, each pointed at a point of its body, with the sensors' noise on position, heading, pitch and
 * height; a share of them straight down from above.
 */
export function photosAround(
  structures: readonly PhotographedStructure[],
  options: PhotoOptions,
): SimPhoto[] {
  const random = seededRandom(options.seed);
  const noise = options.noise ?? INSPECTION_NOISE;
  const perStructure = options.photosPerStructure ?? 5;
  const photos: SimPhoto[] = [];
  for (const s of structures) {
    for (let k = 0; k < perStructure; k++) {
      if (random() < (options.nadirShare ?? 0)) {
        photos.push({ truth: s.id, pose: nadirPhoto(random, s, noise, options.withoutPose === true) });
        continue;
      }
      // Around the structure, 10–40 m out (or as asked), at about its height, looking at a point of its body.
      const azimuth = between(random, 0, 360);
      const standoff = between(random, options.standoffM?.[0] ?? 10, options.standoffM?.[1] ?? 40);
      const cameraHeight = Math.max(3, s.heightM * between(random, 0.6, 1.3));
      const lookAt = s.heightM * between(random, 0.3, 1);
      const trueBearing = (azimuth + 180) % 360;
      const truePitch = -((Math.atan2(cameraHeight - lookAt, standoff) * 180) / Math.PI);
      const a = (azimuth * Math.PI) / 180;
      const at = offsetMetres(s.latitude, s.longitude, standoff * Math.sin(a), standoff * Math.cos(a));
      const gpsAngle = between(random, 0, 2 * Math.PI);
      const gpsError = noise.gpsM * Math.sqrt(random());
      const seen = offsetMetres(
        at.latitude,
        at.longitude,
        gpsError * Math.sin(gpsAngle),
        gpsError * Math.cos(gpsAngle),
      );
      const bearing = (trueBearing + between(random, -noise.headingDeg, noise.headingDeg) + 360) % 360;
      const pitch = Math.max(-90, Math.min(30, truePitch + between(random, -noise.pitchDeg, noise.pitchDeg)));
      const relativeAltitude = cameraHeight + between(random, -noise.terrainM, noise.terrainM);
      photos.push({
        truth: s.id,
        pose: options.withoutPose
          ? { ...seen, bearing: null, gimbalPitch: null, relativeAltitude }
          : { ...seen, bearing, gimbalPitch: pitch, relativeAltitude },
      });
    }
  }
  return photos;
}

/** Hovering 5–15 m above the structure's top, within a couple of metres of its axis, camera straight down. */
function nadirPhoto(
  random: () => number,
  s: PhotographedStructure,
  noise: Noise,
  withoutPose: boolean,
): CameraPose {
  const angle = between(random, 0, 2 * Math.PI);
  const off = 2 * Math.sqrt(random()) + noise.gpsM * Math.sqrt(random());
  const at = offsetMetres(s.latitude, s.longitude, off * Math.sin(angle), off * Math.cos(angle));
  const relativeAltitude =
    s.heightM + between(random, 5, 15) + between(random, -noise.terrainM, noise.terrainM);
  // Drawn before withoutPose is looked at, so a flight with and without pose has the same photos.
  const bearing = between(random, 0, 360);
  const pitch = Math.max(-90, -90 + between(random, 0, noise.pitchDeg));
  if (withoutPose) return { ...at, bearing: null, gimbalPitch: null, relativeAltitude };
  return { ...at, bearing, gimbalPitch: pitch, relativeAltitude };
}

/** What the server hands the rule: the structures within the search radius of the camera. */
export function candidatesNear(
  pose: CameraPose,
  structures: readonly CandidateStructure[],
): CandidateStructure[] {
  // A cheap box first: the real-data evaluation searches thousands of structures per photo.
  const dLat = (ASSIGNMENT_SEARCH_RADIUS_M * 1.01) / M_PER_DEG_LAT;
  const dLon = dLat / Math.max(0.01, Math.cos((pose.latitude * Math.PI) / 180));
  return structures
    .filter(
      (s) =>
        Math.abs(s.latitude - pose.latitude) <= dLat &&
        Math.abs(s.longitude - pose.longitude) <= dLon &&
        metresBetween(pose.latitude, pose.longitude, s.latitude, s.longitude) <= ASSIGNMENT_SEARCH_RADIUS_M,
    )
    .map(({ id, latitude, longitude }) => ({ id, latitude, longitude }));
}

export interface Score {
  photos: number;
  assigned: number;
  correct: number;
  /** Correct among assigned (1 when nothing is assigned). */
  accuracy: number;
  /** Assigned among all photos. */
  coverage: number;
}

export type AssessRule = (pose: CameraPose, candidates: readonly CandidateStructure[]) => StructureAssessment;

/** One photo's outcome before a threshold: the true structure and the rule's best guess with its confidence. */
export interface Outcome {
  truth: number;
  bestId: number | null;
  confidence: number;
}

/** Runs a rule over photos, each against the structures within the search radius (as the server does). */
export function assessPhotos(
  photos: readonly SimPhoto[],
  structures: readonly CandidateStructure[],
  assess: AssessRule,
): Outcome[] {
  return photos.map((photo) => {
    const a = assess(photo.pose, candidatesNear(photo.pose, structures));
    return { truth: photo.truth, bestId: a.bestId, confidence: a.confidence };
  });
}

/** Accuracy and coverage at one confidence threshold. */
export function scoreAt(outcomes: readonly Outcome[], threshold: number): Score {
  let assigned = 0;
  let correct = 0;
  for (const o of outcomes) {
    if (o.bestId === null || o.confidence < threshold) continue;
    assigned++;
    if (o.bestId === o.truth) correct++;
  }
  return {
    photos: outcomes.length,
    assigned,
    correct,
    accuracy: assigned === 0 ? 1 : correct / assigned,
    coverage: outcomes.length === 0 ? 0 : assigned / outcomes.length,
  };
}

/** Accuracy and coverage of a rule on a set of photos, at one confidence threshold. */
export function scoreRule(
  photos: readonly SimPhoto[],
  structures: readonly CandidateStructure[],
  assess: AssessRule,
  threshold: number,
): Score {
  return scoreAt(assessPhotos(photos, structures, assess), threshold);
}

/** The plain nearest-structure rule (the placeholder this replaced), as a baseline: confidence 1 − d / radius. */
export function assessNearest(
  pose: CameraPose,
  candidates: readonly CandidateStructure[],
): StructureAssessment {
  let best: { id: number; d: number } | null = null;
  for (const c of candidates) {
    const d = metresBetween(pose.latitude, pose.longitude, c.latitude, c.longitude);
    if (!best || d < best.d) best = { id: c.id, d };
  }
  if (!best)
    return { bestId: null, metersFromStruct: null, confidence: 0, runnerUpId: null, basis: 'nearest' };
  return {
    bestId: best.id,
    metersFromStruct: best.d,
    confidence: Math.max(0, 1 - best.d / ASSIGNMENT_SEARCH_RADIUS_M),
    runnerUpId: null,
    basis: 'nearest',
  };
}
