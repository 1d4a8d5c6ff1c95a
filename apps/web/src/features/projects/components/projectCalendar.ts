import {
  DEFAULT_PROJECT_TIME_ZONE,
  type IsoDate,
  isoDateOf,
  LATEST_TIME_ZONE,
  projectToday,
  projectTodayNote,
} from '@linewalker/domain';
import { useEffect, useState } from 'react';
import type { CsvFile } from '../csv/csvFile.ts';

/**
 * The calendar a new project's dates are judged in, as the server judges them: the zone at the centre of
 * its structures (known once every file's rows are checked), the default zone without files, and until
 * the files are checked the zone where today ends last (a date not refused there is not refused anywhere).
 */
export interface ProjectCalendar {
  timeZone: string;
  today: IsoDate;
  /** False while the files' zone is still unknown. */
  known: boolean;
}

type Center = { lat: number; lon: number } | null;

/** The centre of the files' valid rows, null without positions; undefined while a file is unchecked. */
export function mappedCenter(files: readonly CsvFile[]): Center | undefined {
  let latSum = 0;
  let lonSum = 0;
  let count = 0;
  for (const f of files) {
    if (f.check.phase !== 'done') return undefined;
    latSum += f.check.positions.latSum;
    lonSum += f.check.positions.lonSum;
    count += f.check.positions.count;
  }
  return count > 0 ? { lat: latSum / count, lon: lonSum / count } : null;
}

/** The project's calendar at `now` for the dialog's files; the zone lookup (~100 kB) loads on first use. */
export function useProjectCalendar(files: readonly CsvFile[], now: Date): ProjectCalendar {
  const center = files.length === 0 ? null : mappedCenter(files);
  const centerKey =
    center === undefined ? 'pending' : center === null ? 'none' : `${center.lat},${center.lon}`;
  const [looked, setLooked] = useState<{ key: string; zone: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: centerKey is center's identity
  useEffect(() => {
    if (center === undefined || center === null) return;
    let live = true;
    import('@linewalker/domain/projects/zoneAt').then(({ timeZoneAt }) => {
      if (live) setLooked({ key: centerKey, zone: timeZoneAt(center) });
    });
    return () => {
      live = false;
    };
  }, [centerKey]);

  let timeZone = LATEST_TIME_ZONE;
  let known = false;
  if (center === null) {
    timeZone = DEFAULT_PROJECT_TIME_ZONE;
    known = true;
  } else if (center !== undefined && looked?.key === centerKey) {
    timeZone = looked.zone;
    known = true;
  }
  return { timeZone, today: projectToday(timeZone, now), known };
}

/** The zone of the user's own clock (the browser's). */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * What the date fields say when the project's known today is not the user's own: the pickers grey out the
 * user's today, and this says why (the day and zone the server checks in). Nothing when the days agree.
 */
export function calendarNote(calendar: ProjectCalendar, now: Date, userZone: string): string | undefined {
  if (!calendar.known || isoDateOf(now, userZone) === calendar.today) return undefined;
  return projectTodayNote(calendar.today, calendar.timeZone);
}
