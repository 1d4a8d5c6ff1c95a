/**
 * Automatic assignment of a photo to the structure it shows (issue: 'Assignment of photos to structures').
 * Pure: the server loads the candidate structures near the camera and asks this which one the photo shows.
 *
 * The rule: the photo shows the structure the camera looks at, not the one nearest to the drone. Inspection
 * shots are oblique and taken from 10–40 m, so the pole the drone hovers next to is often nearer than the
 * tower in the frame. Each candidate gets a plausibility from where it lies relative to the look ray
 * (off-axis angle, along-ray distance, distance) and the confidence is the candidate's share of the total
 * plausibility, including a fixed share for "none of these" — so it falls both when the best candidate fits
 * badly and when a second candidate fits about as well (two towers equally plausible → ≤ 0.5 → a person
 * decides). How the constants were chosen, with the measured figures: `assignment.real.test.ts`
 * (`npm run test:real`).
 */

/** Where the camera was and where it pointed, as read from the stored file. */
export interface CameraPose {
  latitude: number;
  longitude: number;
  /** Degrees clockwise from north the camera looked; null when the file does not say. */
  bearing: number | null;
  /** Gimbal pitch, degrees: 0 horizontal, -90 straight down; null when unknown. */
  gimbalPitch: number | null;
  /** Height above take-off, metres (DJI RelativeAltitude); null when unknown. */
  relativeAltitude: number | null;
}

export interface CandidateStructure {
  id: number;
  latitude: number;
  longitude: number;
}

/** Which reading of the pose the choice rests on. */
export type AssignmentBasis = 'camera' | 'nadir' | 'nearest';

export interface AssignmentChoice {
  /** The chosen structure, or null when none is close or sure enough (the photo stays unassigned). */
  structureId: number | null;
  /** Metres from the camera position to the best candidate (chosen or not); null without candidates. */
  metersFromStruct: number | null;
  /** 0..1. */
  confidence: number;
}

/** The best candidate before the threshold is applied (for evaluation and for showing a suggestion). */
export interface StructureAssessment {
  /** The most plausible candidate, or null without candidates. */
  bestId: number | null;
  /** Metres from the camera to that candidate; null without candidates. */
  metersFromStruct: number | null;
  /** 0..1: the best candidate's share of the plausibility of every candidate plus "none of them". */
  confidence: number;
  /** The runner-up, if any (the structure a person would weigh the photo against). */
  runnerUpId: number | null;
  basis: AssignmentBasis;
}

/** Structures farther than this from the camera are not considered. */
export const ASSIGNMENT_SEARCH_RADIUS_M = 150;
/**
 * Below this confidence the photo stays in 'Unassigned Images' for a person to decide.
 *
 * Chosen from the evaluation in `assignment.real.test.ts` (generated inspection flights with GPS ±3 m,
 * heading ±8°, pitch ±5°, the same with double noise, and photos generated around the real OSM tower layouts
 * of Bremen and Benin). What decides is how often the photos just above a threshold are right: of photos
 * scored 0.5–0.6 only 70–91 % are (75 % without gimbal pose), of those scored 0.6–0.7 96–100 % are, and
 * above 0.7 all are. A wrongly assigned photo costs more than an unassigned one — nobody looks for it, while
 * an unassigned one is in the list a person works through — so the threshold sits at the lowest band that is
 * right almost every time: 0.6. There the rule assigns 93–99 % of photos (81 % without gimbal pose) at
 * 99.3–100 % accuracy; the plain nearest structure is right for 93–94 %. Towers shot from 40–80 m (zoom,
 * beyond the stand-off assumed above) are right for 98.5 % at 97.9 % coverage (nearest: 65 %). Above 0.5, so
 * two candidates exactly as plausible as each other never get the photo.
 */
export const ASSIGNMENT_MIN_CONFIDENCE = 0.6;

/** Gimbal pitch at or below which the shot counts as looking straight down (the structure is under the camera). */
export const NADIR_PITCH_DEG = -80;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in metres. */
export function metresBetween(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = rad(bLat - aLat);
  const dLon = rad(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b, degrees clockwise from north, 0 ≤ b < 360. */
export function bearingBetween(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const φ1 = rad(aLat);
  const φ2 = rad(bLat);
  const dλ = rad(bLon - aLon);
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  return (deg(Math.atan2(y, x)) + 360) % 360;
}

/** Signed smallest difference b − a between two bearings, −180 < d ≤ 180 (359° and 1° are 2° apart). */
export function bearingDifference(a: number, b: number): number {
  const d = (((b - a) % 360) + 360) % 360;
  return d > 180 ? d - 360 : d;
}

// --- Constants of the rule. Each one is an uncertainty of the real world, not a tuning knob. ---

/**
 * How far off the image centre the structure may sit: heading noise (compass/gimbal yaw, a few degrees)
 * plus framing (the subject is rarely dead centre; half the horizontal field of view is ~35°).
 */
const HEADING_SIGMA_DEG = 12;
/** Phone-grade drone GPS: a few metres. Close to the camera this, not the heading, dominates the angle. */
const GPS_SIGMA_M = 4;
/** The tallest structure looked at (lattice towers up to ~60 m): the look ray may meet a body this high. */
const TALLEST_STRUCTURE_M = 60;
/** Relative altitude is above take-off, not above the ground at the structure: terrain differs by metres. */
const HEIGHT_SLACK_M = 10;
/** Gimbal pitch noise plus framing vertically. */
const PITCH_SLACK_DEG = 6;
/**
 * Inspection photos are taken from 10–40 m: a structure much farther off is in the background, not the
 * subject, even on the look ray (the next tower of the line is often right behind the one photographed).
 * Beyond this, plausibility falls off as a Gaussian of width STANDOFF_FALLOFF_M.
 */
const TYPICAL_STANDOFF_M = 45;
const STANDOFF_FALLOFF_M = 20;
/** Of two structures in the view, the nearer is likelier the subject (it fills the frame); mildly. */
const DISTANCE_SCALE_M = 120;
/** Without a heading: how far from the structure a photo of it is typically taken. */
const NEAREST_SIGMA_M = 30;
/**
 * Straight down, the subject is the structure nearest the image centre. The centre is known to GPS noise
 * plus the tilt error (±5° is ~0.09 × height), and a structure half a footprint off the centre (~0.4 × height
 * for common lenses) is at the frame's edge, not its subject: 0.15 × height puts that edge at ~2.7 σ.
 */
const NADIR_MIN_SIGMA_M = 8;
const NADIR_SIGMA_PER_HEIGHT = 0.15;
/** Plausibility of "the photo shows none of these": about that of a structure 2.8 σ off every expectation. */
const NONE_SCORE = 0.02;

interface Scored {
  id: number;
  d: number;
  score: number;
}

/** Plausibility 0..1 of `x` lying inside [lo, hi], falling off as a Gaussian of width `sigma` outside it. */
function inside(x: number, lo: number, hi: number, sigma: number): number {
  const over = x < lo ? lo - x : x > hi ? x - hi : 0;
  return Math.exp(-0.5 * (over / sigma) ** 2);
}

/** Horizontal along-ray distances at which a look ray of this pitch from this height meets a structure's body. */
function alongRayRange(pitch: number, height: number): { lo: number; hi: number; sigma: number } | null {
  // Level or upward shots never meet the ground: the range says nothing then.
  const steepest = -pitch + PITCH_SLACK_DEG;
  const shallowest = -pitch - PITCH_SLACK_DEG;
  if (shallowest <= 2) return null;
  // Far end: the ray meets the structure's foot (the ground); allow for a shallower pitch and a higher camera.
  const hi = (height + HEIGHT_SLACK_M) / Math.tan(rad(shallowest));
  // Near end: the ray meets the top of the tallest structure; allow for a steeper pitch and a lower camera.
  const lo = Math.max(
    0,
    (height - HEIGHT_SLACK_M - TALLEST_STRUCTURE_M) / Math.tan(rad(Math.min(89, steepest))),
  );
  return { lo, hi, sigma: 5 + 0.15 * hi };
}

/**
 * Scores every candidate and returns the best with its confidence, without applying the threshold.
 * `chooseStructure` is this plus ASSIGNMENT_MIN_CONFIDENCE.
 */
export function assessStructures(
  pose: CameraPose,
  candidates: readonly CandidateStructure[],
): StructureAssessment {
  // A value the file garbled (NaN, Infinity) is as good as absent: fall back rather than score with it.
  const known = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
  const bearing = known(pose.bearing);
  const pitch = known(pose.gimbalPitch);
  const height = known(pose.relativeAltitude);
  const basis: AssignmentBasis =
    pitch !== null && pitch <= NADIR_PITCH_DEG ? 'nadir' : bearing !== null ? 'camera' : 'nearest';
  const range = basis === 'camera' && pitch !== null && height !== null ? alongRayRange(pitch, height) : null;
  // A drone at unknown height looking straight down covers roughly what one at inspection height would.
  const nadirSigma = Math.max(NADIR_MIN_SIGMA_M, NADIR_SIGMA_PER_HEIGHT * (height ?? 30));

  const scored: Scored[] = [];
  for (const c of candidates) {
    const d = metresBetween(pose.latitude, pose.longitude, c.latitude, c.longitude);
    let score: number;
    if (basis === 'nadir') {
      score = Math.exp(-0.5 * (d / nadirSigma) ** 2);
    } else if (basis === 'nearest') {
      score = Math.exp(-0.5 * (d / NEAREST_SIGMA_M) ** 2);
    } else {
      const off = bearingDifference(
        bearing ?? 0,
        bearingBetween(pose.latitude, pose.longitude, c.latitude, c.longitude),
      );
      // Within a few metres GPS noise makes the direction to the structure itself uncertain.
      const sigma = Math.hypot(HEADING_SIGMA_DEG, deg(Math.atan2(GPS_SIGMA_M, d)));
      score =
        Math.exp(-0.5 * (off / sigma) ** 2) *
        Math.exp(-d / DISTANCE_SCALE_M) *
        inside(d, 0, TYPICAL_STANDOFF_M, STANDOFF_FALLOFF_M);
      if (range) score *= inside(d * Math.cos(rad(off)), range.lo, range.hi, range.sigma);
    }
    scored.push({ id: c.id, d, score });
  }
  if (scored.length === 0) {
    return { bestId: null, metersFromStruct: null, confidence: 0, runnerUpId: null, basis };
  }
  // Ties go to the nearer structure, then the lower id, so the answer never depends on the input order.
  scored.sort((a, b) => b.score - a.score || a.d - b.d || a.id - b.id);
  const total = scored.reduce((sum, s) => sum + s.score, NONE_SCORE);
  const best = scored[0]!;
  return {
    bestId: best.id,
    metersFromStruct: best.d,
    confidence: best.score / total,
    runnerUpId: scored[1]?.id ?? null,
    basis,
  };
}

/** The structure the photo shows, or none when no candidate is plausible enough or two are about as plausible. */
export function chooseStructure(
  pose: CameraPose,
  candidates: readonly CandidateStructure[],
): AssignmentChoice {
  const a = assessStructures(pose, candidates);
  return {
    structureId: a.confidence >= ASSIGNMENT_MIN_CONFIDENCE ? a.bestId : null,
    metersFromStruct: a.metersFromStruct,
    confidence: a.confidence,
  };
}
