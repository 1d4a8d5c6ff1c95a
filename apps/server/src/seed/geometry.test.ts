import { describe, expect, it } from 'vitest';
import { daysFromToday, daysUntilNextMonday, scheduleFor } from './dates.ts';
import { distanceMeters, lineOfStructures, offset, structuresAlong } from './geometry.ts';
import { structNum } from './names.ts';
import { createRng } from './random.ts';

describe('geometry', () => {
  it('measures great-circle distances', () => {
    // One degree along a meridian is 111.195 km on the mean-radius sphere; along the 60th parallel half that.
    expect(distanceMeters({ lon: -97, lat: 38 }, { lon: -97, lat: 39 })).toBeCloseTo(111_195, -1);
    expect(distanceMeters({ lon: 0, lat: 60 }, { lon: 0.001, lat: 60 })).toBeCloseTo(55.6, 1);
  });

  it('offsets a point by the requested distance', () => {
    const from = { lon: -99.08, lat: 40.7 };
    expect(distanceMeters(from, offset(from, 250, 73))).toBeCloseTo(250, 0);
  });

  it('places structures along a path with spans inside the requested range', () => {
    const rng = createRng(1);
    const path = [
      { lon: -99.1, lat: 40.7 },
      { lon: -99.05, lat: 40.7 },
      { lon: -99.05, lat: 40.73 },
    ];
    const points = structuresAlong(path, rng, { minSpacing: 120, maxSpacing: 250 });
    expect(points[0]).toEqual(path[0]);
    expect(points.length).toBeGreaterThan(20);
    for (let i = 1; i < points.length; i++) {
      // Straight spans are within the range; across the corner the chord is shorter.
      expect(distanceMeters(points[i - 1]!, points[i]!)).toBeLessThanOrEqual(250.5);
      expect(distanceMeters(points[i - 1]!, points[i]!)).toBeGreaterThan(80);
    }
  });

  it('gives exactly the requested number of structures, the same for the same seed', () => {
    const make = () =>
      lineOfStructures({ lon: -97.6, lat: 38.8 }, 270, 333, createRng(42), {
        minSpacing: 200,
        maxSpacing: 250,
      });
    const a = make();
    expect(a.positions).toHaveLength(333);
    expect(make().positions).toEqual(a.positions);
  });
});

describe('names and dates', () => {
  it('formats structure numbers in both styles', () => {
    expect(structNum('span', 12, 3)).toBe('12/3');
    expect(structNum('tower', 7, 45)).toBe('T-045');
  });

  it('puts next Monday one to seven days ahead', () => {
    expect(daysUntilNextMonday(new Date('2025-06-09T12:00:00Z'))).toBe(7); // a Monday
    expect(daysUntilNextMonday(new Date('2025-06-08T12:00:00Z'))).toBe(1); // a Sunday
    expect(daysUntilNextMonday(new Date('2025-06-11T12:00:00Z'))).toBe(5); // a Wednesday
  });

  it('dates each project phase relative to today', () => {
    const now = new Date('2025-06-11T12:00:00Z');
    const today = daysFromToday(0, now);
    expect(today).toBe('2025-06-11');
    const inProgress = scheduleFor('in_progress', now);
    expect(inProgress.startDate < today && inProgress.dueDate > today).toBe(true);
    const late = scheduleFor('late', now);
    expect(late.dueDate < today && late.reviewedShare < 1).toBe(true);
    expect(scheduleFor('upcoming', now).startDate).toBe('2025-06-16');
    expect(scheduleFor('early', now).dueDate > today).toBe(true);
    expect(scheduleFor('archived', now).archivedDate).not.toBeNull();
  });
});
