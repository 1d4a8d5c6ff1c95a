/**
 * Calendar dates as 'YYYY-MM-DD' strings (what the API, PostgreSQL `date` columns and Mantine dates use).
 *
 * Date-only values are never turned into a `Date` at local midnight, so no time zone can move them by a day.
 * Timestamps (e.g. created_at) are shown as the calendar date in a time zone: the one given, else the
 * runtime's own (the user's, in a browser). A timestamp without an offset is read as UTC (the server's).
 */
export type IsoDate = string;

/** What a missing date displays as (spec 1 §2 'Date Reviewed'; used for every date column). */
export const NO_DATE = '--';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

interface DateParts {
  year: number;
  month: number;
  day: number;
}

function partsOfIsoDate(value: string): DateParts | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

/** True for a real calendar date written 'YYYY-MM-DD' (2024-02-30 is not one). */
export const isIsoDate = (value: unknown): value is IsoDate =>
  typeof value === 'string' && partsOfIsoDate(value) !== null;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const fromParts = (p: DateParts): IsoDate => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;

function epochDay(date: IsoDate): number {
  const p = partsOfIsoDate(date);
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date((epochDay(date) + days) * DAY_MS);
  return fromParts({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: IsoDate, to: IsoDate): number => epochDay(to) - epochDay(from);

/** The calendar date of an instant in a time zone (default: the runtime's own). */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per time zone, made once: constructing an Intl.DateTimeFormat costs far more than using it
 * (it was ~6 % of the server's CPU under load on the project list, which formats dates of every row).
 */
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isoDateOf(instant: Date, timeZone?: string): IsoDate {
  if (timeZone === undefined) {
    return fromParts({ year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() });
  }
  const parts = dayFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return fromParts({ year: get('year'), month: get('month'), day: get('day') });
}

export type DateInput = string | Date | null | undefined;

/** Reads a date-only string, a timestamp string or a Date as a calendar date; null when there is none. */
export function toIsoDate(value: DateInput, timeZone?: string): IsoDate | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : isoDateOf(value, timeZone);
  const text = value.trim();
  if (partsOfIsoDate(text) !== null) return text;
  let stamp = text.replace(' ', 'T');
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(stamp)) stamp += 'Z';
  const instant = new Date(stamp);
  return Number.isNaN(instant.getTime()) ? null : isoDateOf(instant, timeZone);
}

export interface DateFormatOptions {
  /** Time zone for timestamps; date-only values ignore it. */
  timeZone?: string;
}

/** 'YYYY-MM-DD', or '--'. */
export function formatIsoDate(value: DateInput, options: DateFormatOptions = {}): string {
  return toIsoDate(value, options.timeZone) ?? NO_DATE;
}

/** 'MM/DD/YYYY' (project list End Date and Created Date), or '--'. */
export function formatUsDate(value: DateInput, options: DateFormatOptions = {}): string {
  const iso = toIsoDate(value, options.timeZone);
  const p = iso ? partsOfIsoDate(iso) : null;
  return p ? `${pad(p.month)}/${pad(p.day)}/${pad(p.year, 4)}` : NO_DATE;
}

/** Long US date such as 'May 1, 2024' (inspection list Date Reviewed), or '--'. */
export function formatLongUsDate(value: DateInput, options: DateFormatOptions = {}): string {
  const iso = toIsoDate(value, options.timeZone);
  const p = iso ? partsOfIsoDate(iso) : null;
  return p ? `${MONTHS[p.month - 1]} ${p.day}, ${p.year}` : NO_DATE;
}
