import { describe, expect, it } from 'vitest';
import {
  assessNearest,
  candidatesNear,
  generateFlight,
  offsetMetres,
  scoreRule,
} from '../testing/flightSimulation.ts';
import {
  ASSIGNMENT_MIN_CONFIDENCE,
  assessStructures,
  bearingBetween,
  bearingDifference,
  type CameraPose,
  type CandidateStructure,
  chooseStructure,
  metresBetween,
} from './assignment.ts';

const HOME = { latitude: 51.3662, longitude: 12.309 };

/** A structure `east`/`north` metres from HOME. */
const at = (id: number, east: number, north: number): CandidateStructure => ({
  id,
  ...offsetMetres(HOME.latitude, HOME.longitude, east, north),
});

/** A structure `distance` metres from HOME in direction `bearing` (degrees from north). */
const towards = (id: number, bearing: number, distance: number): CandidateStructure => {
  const r = (bearing * Math.PI) / 180;
  return at(id, distance * Math.sin(r), distance * Math.cos(r));
};

const pose = (p: Partial<CameraPose> = {}): CameraPose => ({
  ...HOME,
  bearing: null,
  gimbalPitch: null,
  relativeAltitude: null,
  ...p,
});

/** The pitch at which a camera `height` m up sees a point `lookAt` m up on a structure `distance` m away. */
const pitchTowards = (height: number, lookAt: number, distance: number) =>
  -(Math.atan2(height - lookAt, distance) * 180) / Math.PI;

describe('bearings', () => {
  it('measures the signed difference across north', () => {
    expect(bearingDifference(359, 1)).toBeCloseTo(2);
    expect(bearingDifference(1, 359)).toBeCloseTo(-2);
    expect(bearingDifference(10, 190)).toBeCloseTo(180);
    expect(bearingDifference(-90, 270)).toBeCloseTo(0);
    expect(bearingDifference(720, 45)).toBeCloseTo(45);
  });

  it('gives the bearing from the camera to a structure', () => {
    const s = towards(1, 123, 40);
    expect(bearingBetween(HOME.latitude, HOME.longitude, s.latitude, s.longitude)).toBeCloseTo(123, 0);
    expect(metresBetween(HOME.latitude, HOME.longitude, s.latitude, s.longitude)).toBeCloseTo(40, 0);
  });
});

describe('chooseStructure', () => {
  it('has nothing to choose without candidates', () => {
    expect(chooseStructure(pose({ bearing: 10, gimbalPitch: -30, relativeAltitude: 30 }), [])).toEqual({
      structureId: null,
      metersFromStruct: null,
      confidence: 0,
    });
    expect(chooseStructure(pose(), [])).toEqual({ structureId: null, metersFromStruct: null, confidence: 0 });
  });

  it('gives an oblique shot 30 m from a tower, pointing at it, to the tower, not to the pole 12 m behind the drone', () => {
    const tower = towards(1, 90, 30);
    const pole = towards(2, 270, 12);
    // Whatever height the drone flies at and whatever part of a 40 m tower it frames.
    for (const height of [10, 20, 30, 45, 60]) {
      for (const lookAt of [12, 25, 40]) {
        const shot = pose({
          bearing: 90,
          gimbalPitch: pitchTowards(height, lookAt, 30),
          relativeAltitude: height,
        });
        const choice = chooseStructure(shot, [pole, tower]);
        expect(choice.structureId, `height ${height}, looking at ${lookAt} m`).toBe(1);
        expect(choice.metersFromStruct).toBeCloseTo(30, 0);
        expect(choice.confidence).toBeGreaterThan(0.9);
      }
    }
    // The placeholder rule would have taken the pole.
    expect(assessNearest(pose({ bearing: 90 }), [pole, tower]).bestId).toBe(2);
  });

  it('still gives that shot to the tower with the pitch or the height unknown', () => {
    const candidates = [towards(2, 270, 12), towards(1, 90, 30)];
    expect(chooseStructure(pose({ bearing: 90 }), candidates).structureId).toBe(1);
    expect(chooseStructure(pose({ bearing: 90, gimbalPitch: -20 }), candidates).structureId).toBe(1);
    expect(chooseStructure(pose({ bearing: 90, relativeAltitude: 25 }), candidates).structureId).toBe(1);
  });

  it('gives a shot straight down to the structure under the camera, whatever the heading', () => {
    const below = towards(1, 200, 2);
    const beside = towards(2, 45, 40);
    for (const bearing of [null, 45, 200]) {
      const choice = chooseStructure(pose({ bearing, gimbalPitch: -90, relativeAltitude: 30 }), [
        beside,
        below,
      ]);
      expect(choice.structureId).toBe(1);
      expect(choice.metersFromStruct).toBeCloseTo(2, 0);
      expect(choice.confidence).toBeGreaterThan(0.9);
    }
    expect(
      assessStructures(pose({ bearing: 45, gimbalPitch: -85, relativeAltitude: 30 }), [below]).basis,
    ).toBe('nadir');
  });

  it('leaves a photo without heading between two equidistant structures unassigned', () => {
    const candidates = [towards(1, 0, 25), towards(2, 180, 25)];
    for (const p of [pose(), pose({ gimbalPitch: -30, relativeAltitude: 20 }), pose({ gimbalPitch: -90 })]) {
      const choice = chooseStructure(p, candidates);
      expect(choice.structureId).toBeNull();
      expect(choice.confidence).toBeLessThanOrEqual(0.5);
      expect(choice.metersFromStruct).toBeCloseTo(25, 0);
    }
  });

  it('is less sure when the camera points between two structures than at one of them', () => {
    const left = towards(1, 70, 30);
    const right = towards(2, 110, 30);
    const shot = (bearing: number) => pose({ bearing, gimbalPitch: -25, relativeAltitude: 20 });
    const atLeft = chooseStructure(shot(70), [left, right]);
    const nearLeft = chooseStructure(shot(80), [left, right]);
    const between = chooseStructure(shot(90), [left, right]);
    expect(atLeft.structureId).toBe(1);
    expect(atLeft.confidence).toBeGreaterThan(nearLeft.confidence);
    expect(nearLeft.confidence).toBeGreaterThan(between.confidence);
    expect(between.confidence).toBeLessThanOrEqual(0.5);
    expect(between.structureId).toBeNull();
  });

  it('treats headings across north as close (355° looks at a structure at 5°)', () => {
    const ahead = towards(1, 5, 30);
    const behind = towards(2, 180, 10);
    for (const bearing of [355, 359.5, 0, 365 - 360, 15]) {
      expect(
        chooseStructure(pose({ bearing, gimbalPitch: -20, relativeAltitude: 15 }), [behind, ahead])
          .structureId,
      ).toBe(1);
    }
    const west = towards(3, 355, 30);
    expect(chooseStructure(pose({ bearing: 5 }), [towards(4, 175, 10), west]).structureId).toBe(3);
  });

  it('looks past a structure beside the drone at the one in front, on a level shot', () => {
    const choice = chooseStructure(pose({ bearing: 0, gimbalPitch: 0, relativeAltitude: 2 }), [
      towards(1, 90, 8),
      towards(2, 2, 35),
    ]);
    expect(choice.structureId).toBe(2);
  });

  it('does not take a structure far beyond where a steep look ray meets the ground', () => {
    // 20 m up, 45° down: the ray reaches the ground ~20 m ahead; the only structure ahead is 70 m off.
    const choice = chooseStructure(pose({ bearing: 90, gimbalPitch: -45, relativeAltitude: 20 }), [
      towards(1, 90, 70),
      towards(2, 270, 10),
    ]);
    expect(choice.structureId).toBeNull();
    expect(choice.confidence).toBeLessThan(ASSIGNMENT_MIN_CONFIDENCE);
  });

  it('falls back to the nearest structure with a distance-based confidence without a heading', () => {
    const near = chooseStructure(pose(), [towards(1, 40, 15)]);
    expect(near.structureId).toBe(1);
    expect(near.confidence).toBeGreaterThan(0.9);
    const far = chooseStructure(pose(), [towards(1, 40, 140)]);
    expect(far.structureId).toBeNull();
    expect(far.metersFromStruct).toBeCloseTo(140, 0);
    expect(far.confidence).toBeLessThan(near.confidence);
    // The nearer of two at different distances, but less sure than alone.
    const two = chooseStructure(pose(), [towards(1, 40, 15), towards(2, 200, 35)]);
    expect(assessStructures(pose(), [towards(1, 40, 15), towards(2, 200, 35)]).bestId).toBe(1);
    expect(two.confidence).toBeLessThan(near.confidence);
  });

  it('answers the same whatever the order of the candidates, with a confidence in 0..1', () => {
    const flight = generateFlight({ seed: 7, corridors: 2, structuresPerLine: 5, photosPerStructure: 2 });
    for (const photo of flight.photos) {
      const candidates = candidatesNear(photo.pose, flight.structures);
      const forward = chooseStructure(photo.pose, candidates);
      const backward = chooseStructure(photo.pose, [...candidates].reverse());
      expect(backward).toEqual(forward);
      expect(forward.confidence).toBeGreaterThanOrEqual(0);
      expect(forward.confidence).toBeLessThanOrEqual(1);
      if (forward.structureId !== null)
        expect(forward.confidence).toBeGreaterThanOrEqual(ASSIGNMENT_MIN_CONFIDENCE);
    }
  });

  it('assigns every photo of the test helper flightAround (20 m out, 25 m up, 45° down, yaw at the structure)', () => {
    // Mirrors apps/server/src/testing/dronePhotos.ts, which the server's upload tests use.
    const structures = [at(1, 0, 0), at(2, 60, 0), at(3, 120, 10)];
    for (const s of structures) {
      for (let k = 0; k < 4; k++) {
        const from = (360 / 4) * k;
        const r = (from * Math.PI) / 180;
        const camera = offsetMetres(s.latitude, s.longitude, 20 * Math.sin(r), 20 * Math.cos(r));
        const shot = { ...camera, bearing: (from + 180) % 360, gimbalPitch: -45, relativeAltitude: 25 };
        expect(chooseStructure(shot, candidatesNear(shot, structures)).structureId).toBe(s.id);
      }
    }
  });
});

describe('generated inspection flights (GPS ±3 m, heading ±8°, pitch ±5°)', () => {
  const seeds = [101, 102, 103, 104];
  const flights = seeds.map((seed) =>
    generateFlight({ seed, corridors: 3, structuresPerLine: 8, nadirShare: 0.2 }),
  );
  const total = (assess: typeof assessStructures, threshold: number, fs = flights) => {
    const scores = fs.map((f) => scoreRule(f.photos, f.structures, assess, threshold));
    const photos = scores.reduce((n, s) => n + s.photos, 0);
    const assigned = scores.reduce((n, s) => n + s.assigned, 0);
    const correct = scores.reduce((n, s) => n + s.correct, 0);
    return { photos, accuracy: correct / assigned, coverage: assigned / photos };
  };

  it('lays lines out as asked: poles 60–120 m apart, towers 250–400 m, parallel lines 30–60 m apart', () => {
    for (const f of flights) {
      for (let i = 1; i < f.structures.length; i++) {
        const [a, b] = [f.structures[i - 1]!, f.structures[i]!];
        if (a.line !== b.line) continue;
        const gap = metresBetween(a.latitude, a.longitude, b.latitude, b.longitude);
        const [lo, hi] = a.kind === 'pole' ? [60, 120] : [250, 400];
        expect(gap).toBeGreaterThan(lo - 9);
        expect(gap).toBeLessThan(hi + 9);
      }
    }
    expect(flights.reduce((n, f) => n + f.photos.length, 0)).toBeGreaterThan(500);
  });

  it('assigns almost every photo, almost always to the structure it shows', () => {
    const rule = total(assessStructures, ASSIGNMENT_MIN_CONFIDENCE);
    expect(rule.accuracy).toBeGreaterThanOrEqual(0.98);
    expect(rule.coverage).toBeGreaterThanOrEqual(0.95);
  });

  it('is right more often than the nearest structure, even if the nearest had to assign everything', () => {
    const rule = total(assessStructures, 0);
    const nearest = total(assessNearest, 0);
    expect(nearest.coverage).toBe(1);
    expect(rule.coverage).toBe(1);
    expect(rule.accuracy).toBeGreaterThan(nearest.accuracy + 0.03);
  });

  it('without heading and pitch picks the nearest structure, and assigns fewer photos rather than wrong ones', () => {
    const blind = seeds.map((seed) =>
      generateFlight({ seed, corridors: 3, structuresPerLine: 8, nadirShare: 0.2, withoutPose: true }),
    );
    for (const f of blind) {
      for (const photo of f.photos) {
        const candidates = candidatesNear(photo.pose, f.structures);
        expect(assessStructures(photo.pose, candidates).bestId).toBe(
          assessNearest(photo.pose, candidates).bestId,
        );
      }
    }
    const all = total(assessStructures, 0, blind);
    const confident = total(assessStructures, ASSIGNMENT_MIN_CONFIDENCE, blind);
    expect(confident.coverage).toBeLessThan(all.coverage);
    expect(confident.accuracy).toBeGreaterThan(all.accuracy);
  });
});

describe('garbled pose values', () => {
  it('treats a non-finite heading, pitch or height as absent', () => {
    const candidates = [towards(1, 90, 30), towards(2, 270, 12)];
    const garbled = pose({
      bearing: Number.NaN,
      gimbalPitch: Number.POSITIVE_INFINITY,
      relativeAltitude: Number.NaN,
    });
    const a = assessStructures(garbled, candidates);
    expect(a.basis).toBe('nearest');
    expect(a.bestId).toBe(2);
    expect(Number.isFinite(a.confidence)).toBe(true);
    expect(
      chooseStructure(pose({ bearing: 90, gimbalPitch: Number.NaN, relativeAltitude: 25 }), candidates)
        .structureId,
    ).toBe(1);
  });
});
