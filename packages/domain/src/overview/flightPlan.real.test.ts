import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { metresBetween } from '../images/assignment.ts';
import { flightPlanCoverage, flightPlanExtension, parseFlightPlan } from './flightPlan.ts';

/**
 * The flight plans in ../shared/data/real/flight_plans (see SOURCES.md there): real QGroundControl plans
 * (waypoint missions, surveys, a structure scan, 2018-era fixed-wing plans) and missions in formats the
 * upload does not take (Mission Planner .waypoints, Litchi CSV, DJI WPML .kmz). Read in place, never copied.
 */
const REAL = path.resolve(import.meta.dirname, '../../../../../shared/data/real/flight_plans');

function read(dir: string, name: string): string {
  const file = path.join(REAL, dir, name);
  if (!existsSync(file)) throw new Error(`Real data file missing: ${file} (see SOURCES.md)`);
  return readFileSync(file, 'utf8');
}

const QGC = existsSync(path.join(REAL, 'qgc')) ? readdirSync(path.join(REAL, 'qgc')).sort() : [];

/** What each real plan reads as: point count, and the first point's neighbourhood (from SOURCES.md). */
const EXPECTED: Record<string, { min: number; near: [number, number] }> = {
  'droneicarus_LaTuqueAllerRetour.plan': { min: 5, near: [47.7, -72.8] },
  'droneicarus_LacFrancois.plan': { min: 5, near: [45.83, -71.12] },
  'neilvaltec_survey_taipei.plan': { min: 20, near: [25.05, 121.55] },
  'xomar933_mission.plan': { min: 10, near: [47.4, 8.55] },
  'zilant_kazanexpress_to_yard.plan': { min: 5, near: [55.75, 48.75] },
  'zilant_sviyazhsk_vtol.plan': { min: 30, near: [55.75, 48.75] },
  'zilant_technopark.plan': { min: 5, near: [55.75, 48.75] },
  'zilant_technopark_structure_scan.plan': { min: 5, near: [55.75, 48.75] },
  'zilant_technopark_survey_full_town.plan': { min: 100, near: [55.75, 48.75] },
};

describe('real QGroundControl plans', () => {
  it('finds every plan of SOURCES.md', () => {
    expect(QGC).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const name of Object.keys(EXPECTED)) {
    it(`reads ${name} as a plan whose path starts where the mission is`, () => {
      expect(flightPlanExtension(name)).toBe('plan');
      const plan = parseFlightPlan(read('qgc', name));
      expect(plan, name).not.toBeNull();
      expect(plan!.format).toBe('qgc');
      const { min, near } = EXPECTED[name]!;
      expect(plan!.waypoints.length).toBeGreaterThanOrEqual(min);
      const first = plan!.waypoints[0]!;
      // Within 30 km of the place SOURCES.md names: the path is where the mission flies, not at 0,0.
      expect(metresBetween(first.lat, first.lon, near[0], near[1])).toBeLessThan(30_000);
      for (const w of plan!.waypoints) {
        expect(Math.abs(w.lat)).toBeLessThanOrEqual(90);
        expect(w.lat === 0 && w.lon === 0).toBe(false);
      }
    });
  }

  it('checks coverage of a town-wide survey against 50,000 structures', () => {
    const plan = parseFlightPlan(read('qgc', 'zilant_technopark_survey_full_town.plan'))!;
    const lats = plan.waypoints.map((w) => w.lat);
    const lons = plan.waypoints.map((w) => w.lon);
    const [s, n, w, e] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
    const structures = Array.from({ length: 50_000 }, (_, i) => ({
      latitude: s - 0.01 + ((n - s + 0.02) * (i % 250)) / 250,
      longitude: w - 0.01 + ((e - w + 0.02) * Math.floor(i / 250)) / 200,
    }));
    // Its speed (a grid, not every leg against every structure) is a benchmark's business, not this test's.
    const coverage = flightPlanCoverage(structures, plan.waypoints, 50);
    // A survey covers its area densely but not the 0.01° margin around it.
    expect(coverage.uncoveredCount).toBeGreaterThan(0);
    expect(coverage.uncoveredCount).toBeLessThan(50_000);
  });
});

describe('real missions in formats the upload refuses', () => {
  it.each([
    ['mission_planner', 'uavf_TestArcMission.waypoints'],
    ['litchi', 'litchi_wp_waypoints.csv'],
  ])('%s/%s: neither its name nor its content is a .plan/.json flight plan', (dir, name) => {
    expect(flightPlanExtension(name)).toBeNull();
    expect(parseFlightPlan(read(dir, name))).toBeNull();
  });

  it('dji_wpml/Seed.kmz (a zip) does not read as a plan', () => {
    const bytes = readFileSync(path.join(REAL, 'dji_wpml', 'Seed.kmz'));
    expect(flightPlanExtension('Seed.kmz')).toBeNull();
    expect(parseFlightPlan(bytes.toString('latin1'))).toBeNull();
  });
});
