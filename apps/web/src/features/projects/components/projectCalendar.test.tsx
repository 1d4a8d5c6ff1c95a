import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../testing/eventually.ts';
import type { CsvFile } from '../csv/csvFile.ts';
import { calendarNote, useProjectCalendar } from './projectCalendar.ts';

/** A checked file whose valid rows sit around one point. */
function checkedFile(lat: number, lon: number, count = 2): CsvFile {
  return {
    check: { phase: 'done', positions: { latSum: lat * count, lonSum: lon * count, count }, ms: 1 },
  } as CsvFile;
}
const unchecked = { check: { phase: 'running', percent: 10, rows: 5 } } as CsvFile;

// 18:45 on 11/28 in Chicago is 01:45 on 11/29 in Berlin.
const chicagoEvening = new Date('2026-11-29T00:45:00Z');
// 00:30 on 11/29 in Berlin is 17:30 on 11/28 in Chicago.
const berlinMidnight = new Date('2026-11-28T23:30:00Z');

describe('useProjectCalendar (the calendar the server judges a new project in)', () => {
  it('without files: the default zone, whatever the user’s own date', () => {
    for (const [now, today] of [
      [chicagoEvening, '2026-11-28'],
      [berlinMidnight, '2026-11-28'],
    ] as const) {
      const { result } = renderHook(() => useProjectCalendar([], now));
      expect(result.current).toEqual({ timeZone: 'America/Chicago', today, known: true });
    }
  });

  it('the Bremen file seen from a Chicago evening: Berlin, already the 29th', async () => {
    const { result } = renderHook(() => useProjectCalendar([checkedFile(53.08, 8.8)], chicagoEvening));
    await eventually(() =>
      expect(result.current).toEqual({ timeZone: 'Europe/Berlin', today: '2026-11-29', known: true }),
    );
  });

  it('a Kansas file seen just after midnight in Berlin: Chicago, still the 28th', async () => {
    const { result } = renderHook(() => useProjectCalendar([checkedFile(38.8, -97.6)], berlinMidnight));
    await eventually(() =>
      expect(result.current).toEqual({ timeZone: 'America/Chicago', today: '2026-11-28', known: true }),
    );
  });

  it('until every file is checked, the zone where today ends last and not known', () => {
    const { result } = renderHook(() =>
      useProjectCalendar([checkedFile(53.08, 8.8), unchecked], chicagoEvening),
    );
    expect(result.current).toEqual({ timeZone: 'Etc/GMT+12', today: '2026-11-28', known: false });
  });
});

describe('calendarNote (why the user’s today may be greyed out)', () => {
  it('names the project’s day and zone when its today is not the user’s', () => {
    const berlin = { timeZone: 'Europe/Berlin', today: '2026-11-29', known: true };
    // 18:45 on 11/28 for a user in Chicago; 01:45 on 11/29 in Berlin.
    expect(calendarNote(berlin, chicagoEvening, 'America/Chicago')).toBe(
      "Today is 11/29/2026 in the project's time zone (Europe/Berlin).",
    );
    // The same instant for a user in Berlin: the days agree, nothing to say.
    expect(calendarNote(berlin, chicagoEvening, 'Europe/Berlin')).toBeUndefined();
  });

  it('says nothing while the project’s zone is not known yet', () => {
    const pending = { timeZone: 'Etc/GMT+12', today: '2026-11-28', known: false };
    expect(calendarNote(pending, berlinMidnight, 'Europe/Berlin')).toBeUndefined();
  });
});
