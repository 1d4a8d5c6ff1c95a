import { addDays, type IsoDate, isoDateOf } from './dates.ts';

/**
 * Project dates are in the project's calendar: each project has an IANA time zone (derived from where its
 * structures are when it is created, or given explicitly), and every date rule — not before today on
 * create, late, active, starting next week, on schedule, the stat tiles' "yesterday" — reads today from
 * `projectToday(project.time_zone, now)`. Never the viewer's or the server's date.
 */

/** The zone of a project with no structures and no explicit zone. */
export const DEFAULT_PROJECT_TIME_ZONE = 'America/Chicago';

/**
 * The zone where a calendar day begins last (UTC−12): a date not before today there is not before today
 * anywhere. Used to check dates before the project's own zone is known.
 */
export const LATEST_TIME_ZONE = 'Etc/GMT+12';

let zones: Set<string> | null = null;
/** 'Area/Location' as the tz database writes it (case matters), or UTC. */
const ZONE_NAME = /^(?:UTC|[A-Z][A-Za-z_]+(?:\/[A-Z0-9][A-Za-z0-9_+-]*)+)$/;

/**
 * An IANA zone name written as the tz database writes it, that the runtime's Intl resolves to a zone in
 * its list (`Intl.supportedValuesOf('timeZone')`, plus UTC). Current names whose ICU list still has the
 * older one (Asia/Kolkata → Asia/Calcutta, Europe/Kyiv → Europe/Kiev) count.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !ZONE_NAME.test(value)) return false;
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  try {
    return zones.has(new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/** Today's date in the project's calendar at the instant `now`. */
export function projectToday(timeZone: string, now: Date): IsoDate {
  return isoDateOf(now, timeZone);
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a zone's wall clock showed `wallMs` (wall time written as if it were UTC milliseconds), e.g. a
 * camera's local capture time without an offset. In a DST gap the later offset applies.
 */
export function wallClockToInstant(wallMs: number, timeZone: string): Date {
  let instant = wallMs - zoneOffsetMs(wallMs, timeZone);
  instant = wallMs - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** The instant a calendar day begins in a zone (its first existing minute when a DST change skips midnight). */
export function startOfDay(date: IsoDate, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  let instant = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  // The offset at the first guess may differ from the one at the real instant (a change near midnight).
  instant = wallMidnight - zoneOffsetMs(instant, timeZone);
  if (isoDateOf(new Date(instant), timeZone) !== date) instant += 3_600_000;
  return new Date(instant);
}

/** The half-open range [from, to) of the calendar day `offsetDays` from the project's today (-1: yesterday). */
export function projectDayRange(timeZone: string, now: Date, offsetDays: number): { from: Date; to: Date } {
  const day = addDays(projectToday(timeZone, now), offsetDays);
  return { from: startOfDay(day, timeZone), to: startOfDay(addDays(day, 1), timeZone) };
}
