import { isoDateOf } from '@linewalker/domain';

// Calendar days as the server sees them: the process's local time zone (the TZ environment variable,
// UTC when unset). The project list's default "today" and the stat tiles' "yesterday" use it.

/** 'YYYY-MM-DD' of `now` in the server's local time zone. */
export const localDateString = (now: Date = new Date()): string => isoDateOf(now);

/** The half-open range [start, end) of the local day `offsetDays` from today (-1 is yesterday). */
export function localDayRange(offsetDays: number, now: Date = new Date()): { from: Date; to: Date } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays);
  const to = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays + 1);
  return { from, to };
}
