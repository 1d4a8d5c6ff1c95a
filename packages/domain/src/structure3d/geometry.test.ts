import { describe, expect, it } from 'vitest';
import { bearingOf, toEcef, toEnu, viewDirection } from './geometry.ts';
import { buildStructureModel, type CameraPhoto, sideOf, sightlineHeight } from './model.ts';

describe('toEcef', () => {
  it('puts the equator/prime meridian on the x axis at the semi-major axis', () => {
    const p = toEcef({ lat: 0, lon: 0, alt: 0 });
    expect(p.x).toBeCloseTo(6_378_137, 3);
    expect(p.y).toBeCloseTo(0, 6);
    expect(p.z).toBeCloseTo(0, 6);
  });

  it('puts the north pole on the z axis at the semi-minor axis', () => {
    const p = toEcef({ lat: 90, lon: 0, alt: 0 });
    expect(p.z).toBeCloseTo(6_356_752.314, 2);
    expect(Math.abs(p.x)).toBeLessThan(1e-6);
  });
});

describe('toEnu', () => {
  const origin = { lat: 0, lon: 0, alt: 0 };

  it('measures a thousandth of a degree north on the equator as 110.574 m (meridian arc)', () => {
    const p = toEnu(origin, { lat: 0.001, lon: 0, alt: 0 });
    expect(p.n).toBeCloseTo(110.574, 2);
    expect(p.e).toBeCloseTo(0, 6);
    expect(p.u).toBeCloseTo(0, 2);
  });

  it('measures a thousandth of a degree east on the equator as 111.319 m', () => {
    const p = toEnu(origin, { lat: 0, lon: 0.001, alt: 0 });
    expect(p.e).toBeCloseTo(111.319, 2);
    expect(p.n).toBeCloseTo(0, 6);
  });

  it('shrinks east-west distances with the cosine of the latitude (55.800 m at 60° N)', () => {
    const p = toEnu({ lat: 60, lon: 10, alt: 0 }, { lat: 60, lon: 10.001, alt: 0 });
    expect(p.e).toBeCloseTo(55.8, 2);
  });

  it('turns a height difference into up', () => {
    const p = toEnu({ lat: 38.8, lon: -97.6, alt: 400 }, { lat: 38.8, lon: -97.6, alt: 430 });
    expect(p.u).toBeCloseTo(30, 6);
    expect(Math.hypot(p.e, p.n)).toBeLessThan(1e-6);
  });

  it('gives west and south as negative east and north', () => {
    const p = toEnu({ lat: 38.8, lon: -97.6, alt: 0 }, { lat: 38.7999, lon: -97.6001, alt: 0 });
    expect(p.e).toBeLessThan(0);
    expect(p.n).toBeLessThan(0);
    // 1e-4° of latitude at 38.8° N is 11.10 m; 1e-4° of longitude 8.69 m.
    expect(p.n).toBeCloseTo(-11.1, 1);
    expect(p.e).toBeCloseTo(-8.69, 1);
  });
});

describe('viewDirection', () => {
  const cases: [string, number, number, [number, number, number]][] = [
    ['north, level', 0, 0, [0, 1, 0]],
    ['east, level', 90, 0, [1, 0, 0]],
    ['south, level', 180, 0, [0, -1, 0]],
    ['west as -90', -90, 0, [-1, 0, 0]],
    ['west as 270', 270, 0, [-1, 0, 0]],
    ['straight down', 37, -90, [0, 0, -1]],
    ['north-east, 45° down', 45, -45, [0.5, 0.5, -Math.SQRT1_2]],
  ];
  it.each(cases)('%s', (_name, yaw, pitch, [e, n, u]) => {
    const d = viewDirection(yaw, pitch);
    expect(d.e).toBeCloseTo(e, 9);
    expect(d.n).toBeCloseTo(n, 9);
    expect(d.u).toBeCloseTo(u, 9);
    expect(Math.hypot(d.e, d.n, d.u)).toBeCloseTo(1, 12);
  });

  it('round-trips the bearing of its horizontal part', () => {
    for (const yaw of [0, 10, 95, 181, 359]) {
      const d = viewDirection(yaw, -30);
      expect(bearingOf(d.e, d.n)).toBeCloseTo(yaw, 9);
    }
  });
});

describe('sideOf and sightlineHeight', () => {
  it('names the octant the camera stands on', () => {
    expect(sideOf(0, 10)).toBe('N');
    expect(sideOf(10, 10)).toBe('NE');
    expect(sideOf(-10, 0)).toBe('W');
    expect(sideOf(0.2, 0.3)).toBeNull();
  });

  it('finds where a view aimed at the axis crosses it', () => {
    // 20 m south at 30 m looking north 26.565° down: 20 × tan(26.565°) = 10 m lower.
    expect(sightlineHeight({ e: 0, n: -20, u: 30 }, 0, -26.565051)).toBeCloseTo(20, 4);
    // Looking away from the structure: no crossing.
    expect(sightlineHeight({ e: 0, n: -20, u: 30 }, 180, -20)).toBeNull();
    // Straight down: no crossing.
    expect(sightlineHeight({ e: 0, n: -20, u: 30 }, 0, -90)).toBeNull();
  });
});

describe('buildStructureModel', () => {
  const origin = { lat: 38.8, lon: -97.6 };
  // 1e-4° of latitude here is 11.10 m.
  const photo = (id: number, o: Partial<CameraPhoto>): CameraPhoto => ({
    id,
    image_name: `P${id}.JPG`,
    lat: null,
    lon: null,
    altitude: null,
    relative_altitude: null,
    bearing: null,
    gimbal_pitch: null,
    ...o,
  });

  it('places cameras, estimates the height from sightlines and lists the sides photographed', () => {
    const model = buildStructureModel(origin, [
      // South of the pole at 22 m looking north and down: its sightline crosses the axis at 22 − 11.1·tan 10°.
      photo(1, {
        lat: 38.7999,
        lon: -97.6,
        relative_altitude: 22,
        bearing: 0,
        gimbal_pitch: -10,
        altitude: 422,
      }),
      // East, looking west, level at 15 m.
      photo(2, { lat: 38.8, lon: -97.5999, relative_altitude: 15, bearing: -90, gimbal_pitch: 0 }),
      // No relative altitude: its GPS altitude less the ground (422 − 22 = 400) gives 18 m.
      photo(3, { lat: 38.8001, lon: -97.6, altitude: 418, bearing: 180, gimbal_pitch: -5 }),
      // No GPS: unplaced.
      photo(4, { relative_altitude: 20 }),
    ]);
    expect(model.unplaced).toEqual([{ image_id: 4, image_name: 'P4.JPG' }]);
    expect(model.cameras.map((c) => c.image_id)).toEqual([1, 2, 3]);
    const [south, east, north] = model.cameras;
    expect(south!.position.n).toBeCloseTo(-11.1, 1);
    expect(south!.position.u).toBe(22);
    expect(south!.height_source).toBe('relative');
    expect(south!.side).toBe('S');
    expect(east!.position.e).toBeCloseTo(8.69, 1);
    expect(east!.direction.e).toBeCloseTo(-1, 6);
    expect(east!.yaw).toBe(270);
    expect(north!.position.u).toBeCloseTo(18, 6);
    expect(north!.height_source).toBe('gps');
    expect(model.sides).toEqual(['N', 'E', 'S']);
    // Highest sightline: the south camera's 22 − 11.1 × tan 10° ≈ 20.04 m.
    expect(model.structure.height_source).toBe('sightlines');
    expect(model.structure.height).toBeCloseTo(22 - 11.1 * Math.tan((10 * Math.PI) / 180), 1);
  });

  it('aims a camera without gimbal angles at the structure and falls back to the default height', () => {
    const model = buildStructureModel(origin, [photo(1, { lat: 38.8, lon: -97.6001 })]);
    const [cam] = model.cameras;
    expect(model.structure).toEqual({ height: 12, height_source: 'default' });
    expect(cam!.height_source).toBe('assumed');
    expect(cam!.position.u).toBe(12);
    expect(cam!.direction_assumed).toBe(true);
    // West of the pole: it looks east.
    expect(cam!.yaw).toBeCloseTo(90, 3);
    // Down at the structure's middle (6 m) from 12 m, 8.69 m away: atan(6 / 8.69) ≈ 34.6°.
    expect(cam!.pitch).toBeCloseTo(-34.6, 0);
    expect(cam!.direction.e).toBeCloseTo(Math.cos((34.6 * Math.PI) / 180), 2);
    expect(cam!.side).toBe('W');
  });

  it('uses the median camera height when no view crosses the structure, within 3–100 m', () => {
    const far = buildStructureModel(origin, [
      photo(1, { lat: 38.8, lon: -97.6001, relative_altitude: 30, bearing: 270, gimbal_pitch: -10 }),
      photo(2, { lat: 38.8, lon: -97.6001, relative_altitude: 40, bearing: 270, gimbal_pitch: -10 }),
    ]);
    expect(far.structure).toEqual({ height: 35, height_source: 'cameras' });
    const tall = buildStructureModel(origin, [
      photo(1, { lat: 38.8, lon: -97.6001, relative_altitude: 400, bearing: 270, gimbal_pitch: 0 }),
    ]);
    expect(tall.structure.height).toBe(100);
  });

  it('gives an empty model for no photos', () => {
    expect(buildStructureModel(origin, [])).toEqual({
      origin,
      structure: { height: 12, height_source: 'default' },
      cameras: [],
      unplaced: [],
      sides: [],
    });
  });
});
