/**
 * When a recurring job runs: every `everyMs` milliseconds, or on a cron-like pattern of five fields
 * (`minute hour day-of-month month day-of-week`, UTC; each field `*`, `*\/n`, a number, a range `a-b`
 * (optionally `/n`) or a list of those; day of week 0–6 from Sunday, 7 also Sunday). As in cron, when both
 * day fields are restricted a day matching either runs.
 */
export type Schedule = { everyMs: number } | { cron: string };

interface CronField {
  values: ReadonlySet<number>;
  any: boolean;
}

interface Cron {
  minute: CronField;
  hour: CronField;
  dayOfMonth: CronField;
  month: CronField;
  dayOfWeek: CronField;
}

const RANGES: readonly [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseField(text: string, [min, max]: [number, number], what: string): CronField {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`Invalid cron ${what} '${text}'`);
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`Invalid cron ${what} '${text}'`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return { values, any: text === '*' };
}

export function parseCron(pattern: string): Cron {
  const fields = pattern.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Invalid cron pattern '${pattern}' (five fields expected)`);
  const names = ['minute', 'hour', 'day of month', 'month', 'day of week'];
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields.map((f, i) =>
    parseField(f, RANGES[i]!, names[i]!),
  );
  if (dayOfWeek!.values.has(7)) (dayOfWeek!.values as Set<number>).add(0);
  return { minute: minute!, hour: hour!, dayOfMonth: dayOfMonth!, month: month!, dayOfWeek: dayOfWeek! };
}

function dayMatches(c: Cron, d: Date): boolean {
  const dom = c.dayOfMonth.values.has(d.getUTCDate());
  const dow = c.dayOfWeek.values.has(d.getUTCDay());
  if (c.dayOfMonth.any) return dow;
  if (c.dayOfWeek.any) return dom;
  return dom || dow;
}

const MINUTE = 60_000;

/** The first moment strictly after `after` that the pattern names (whole minutes, UTC). */
export function nextCron(c: Cron, after: Date): Date {
  const d = new Date(Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE);
  // Four years of minutes at most (a pattern like Feb 29 is rare, an impossible one never matches).
  const limit = after.getTime() + 4 * 366 * 24 * 60 * MINUTE;
  while (d.getTime() <= limit) {
    if (!c.month.values.has(d.getUTCMonth() + 1)) {
      d.setUTCMonth(d.getUTCMonth() + 1, 1);
      d.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(c, d)) {
      d.setUTCDate(d.getUTCDate() + 1);
      d.setUTCHours(0, 0, 0, 0);
    } else if (!c.hour.values.has(d.getUTCHours())) {
      d.setUTCHours(d.getUTCHours() + 1, 0, 0, 0);
    } else if (!c.minute.values.has(d.getUTCMinutes())) {
      d.setTime(d.getTime() + MINUTE);
    } else {
      return d;
    }
  }
  throw new Error('The cron pattern names no moment in the next four years');
}

/** Checks a schedule when its job is defined, so a typo fails at start. */
export function validateSchedule(s: Schedule): void {
  if ('everyMs' in s) {
    if (!Number.isInteger(s.everyMs) || s.everyMs < 1)
      throw new Error('A schedule interval is a positive integer');
  } else {
    nextCron(parseCron(s.cron), new Date(0));
  }
}

/** How the schedule is stored beside its next tick: a changed schedule starts over from now. */
export function describeSchedule(s: Schedule): string {
  return 'everyMs' in s ? `every ${s.everyMs} ms` : `cron ${s.cron.trim().split(/\s+/).join(' ')}`;
}

/** The first tick of a schedule first seen at `now`: an interval starts at once, a pattern at its next moment. */
export function firstTick(s: Schedule, now: Date): Date {
  return 'everyMs' in s ? now : nextCron(parseCron(s.cron), now);
}

/**
 * The tick after `tick` once it has run at `now`. Ticks missed while nothing ran (every worker stopped) are
 * not caught up one by one: the next is the first one after `now`.
 */
export function nextTick(s: Schedule, tick: Date, now: Date): Date {
  if ('everyMs' in s) {
    const missed = Math.max(0, Math.floor((now.getTime() - tick.getTime()) / s.everyMs));
    return new Date(tick.getTime() + (missed + 1) * s.everyMs);
  }
  return nextCron(parseCron(s.cron), now.getTime() > tick.getTime() ? now : tick);
}
