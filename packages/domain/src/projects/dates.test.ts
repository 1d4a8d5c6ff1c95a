import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatIsoDate,
  formatLongUsDate,
  formatUsDate,
  isIsoDate,
  isoDateOf,
  NO_DATE,
  toIsoDate,
} from './dates.ts';

describe('date-only values', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-01')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('adds days across months, leap days and years', () => {
    expect(addDays('2024-02-25', 6)).toBe('2024-03-02');
    expect(addDays('2023-02-25', 6)).toBe('2023-03-03');
    expect(addDays('2024-12-28', 6)).toBe('2025-01-03');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-02-25', '2024-03-02')).toBe(6);
    expect(daysBetween('2024-03-02', '2024-02-25')).toBe(-6);
  });

  it('never shifts a date-only value by a time zone', () => {
    for (const timeZone of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
      expect(formatUsDate('2024-05-01', { timeZone })).toBe('05/01/2024');
      expect(formatLongUsDate('2024-05-01', { timeZone })).toBe('May 1, 2024');
    }
  });
});

describe('timestamps', () => {
  it('are shown as the calendar date in the given time zone', () => {
    const stamp = '2024-05-02T03:30:00Z';
    expect(formatUsDate(stamp, { timeZone: 'UTC' })).toBe('05/02/2024');
    expect(formatUsDate(stamp, { timeZone: 'America/New_York' })).toBe('05/01/2024');
    expect(formatIsoDate(stamp, { timeZone: 'Asia/Tokyo' })).toBe('2024-05-02');
    expect(formatLongUsDate(new Date(stamp), { timeZone: 'America/Chicago' })).toBe('May 1, 2024');
  });

  it('read a PostgreSQL-style timestamp without offset as UTC', () => {
    expect(toIsoDate('2024-05-01 23:59:59', 'UTC')).toBe('2024-05-01');
    expect(toIsoDate('2024-05-01T23:59:59.123', 'Asia/Tokyo')).toBe('2024-05-02');
  });

  it('give the local calendar date of an instant', () => {
    const d = new Date(2024, 0, 31, 23, 59);
    expect(isoDateOf(d)).toBe('2024-01-31');
    expect(isoDateOf(new Date('2024-01-31T23:59:00Z'), 'Asia/Tokyo')).toBe('2024-02-01');
  });
});

describe('formatters', () => {
  it("show '--' for a missing or unreadable date", () => {
    for (const none of [null, undefined, '', 'soon', new Date('x')]) {
      expect(formatUsDate(none)).toBe(NO_DATE);
      expect(formatIsoDate(none)).toBe(NO_DATE);
      expect(formatLongUsDate(none)).toBe('--');
    }
  });

  it('write MM/DD/YYYY, YYYY-MM-DD and the long US date', () => {
    expect(formatUsDate('2024-12-09')).toBe('12/09/2024');
    expect(formatIsoDate('2024-12-09')).toBe('2024-12-09');
    expect(formatLongUsDate('2024-12-09')).toBe('December 9, 2024');
  });
});
