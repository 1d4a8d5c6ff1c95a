import { describe, expect, it } from 'vitest';
import { isTimeZone, LATEST_TIME_ZONE, projectDayRange, projectToday, startOfDay } from './timeZone.ts';

describe('projectToday', () => {
  it('turns at midnight in the project’s zone, west and east of UTC', () => {
    // Chicago in November is UTC−6: 23:30 there is 05:30 UTC the next day.
    expect(projectToday('America/Chicago', new Date('2026-11-24T05:30:00Z'))).toBe('2026-11-23');
    expect(projectToday('America/Chicago', new Date('2026-11-24T06:30:00Z'))).toBe('2026-11-24');
    // Tokyo is UTC+9: 23:30 there is 14:30 UTC the same day, 00:30 is 15:30 UTC.
    expect(projectToday('Asia/Tokyo', new Date('2026-11-24T14:30:00Z'))).toBe('2026-11-24');
    expect(projectToday('Asia/Tokyo', new Date('2026-11-24T15:30:00Z'))).toBe('2026-11-25');
  });

  it('gives the same instant different dates in different zones', () => {
    const now = new Date('2026-11-24T03:00:00Z');
    expect(projectToday('America/Los_Angeles', now)).toBe('2026-11-23');
    expect(projectToday('UTC', now)).toBe('2026-11-24');
    expect(projectToday('Pacific/Auckland', now)).toBe('2026-11-24');
    expect(projectToday(LATEST_TIME_ZONE, new Date('2026-11-24T11:59:00Z'))).toBe('2026-11-23');
  });
});

describe('isTimeZone', () => {
  it('knows IANA names from Intl and refuses anything else', () => {
    for (const zone of ['America/Chicago', 'Europe/Berlin', 'Asia/Kolkata', 'Europe/Kyiv', 'UTC']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['', 'Mars/Olympus', 'america/chicago', 'GMT+2', 'EST', '../etc', 3, null]) {
      expect(isTimeZone(zone), String(zone)).toBe(false);
    }
  });
});

describe('startOfDay and projectDayRange', () => {
  it('answer the instants a day begins and ends in the zone', () => {
    expect(startOfDay('2026-11-23', 'America/Chicago').toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(startOfDay('2026-11-23', 'Asia/Tokyo').toISOString()).toBe('2026-11-22T15:00:00.000Z');
    const yesterday = projectDayRange('America/Chicago', new Date('2026-11-24T05:30:00Z'), -1);
    expect(yesterday.from.toISOString()).toBe('2026-11-22T06:00:00.000Z');
    expect(yesterday.to.toISOString()).toBe('2026-11-23T06:00:00.000Z');
  });

  it('follow daylight saving changes: a 23-hour and a 25-hour day', () => {
    // US DST starts 2026-03-08 and ends 2026-11-01.
    const spring = projectDayRange('America/Chicago', new Date('2026-03-09T12:00:00Z'), -1);
    expect(spring.from.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const autumn = projectDayRange('America/Chicago', new Date('2026-11-02T12:00:00Z'), -1);
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });

  it('starts a day whose midnight does not exist at its first minute', () => {
    // Chile moves clocks from 00:00 to 01:00 on 2026-09-06.
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(projectToday('America/Santiago', start)).toBe('2026-09-06');
    expect(projectToday('America/Santiago', new Date(start.getTime() - 1))).toBe('2026-09-05');
  });
});
