import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { waitFor } from '../../testing/jobs.ts';
import { openTestDatabase } from '../../testing/testApp.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { jobSchedules, jobs } from '../db/schema/index.ts';
import { createDeps } from '../deps.ts';
import type { Deps } from '../deps.types.ts';
import { type AnyJobDefinition, defineJob } from './define.ts';
import { describeSchedule, nextCron, nextTick, parseCron } from './schedule.ts';
import { JobWorker } from './worker.ts';

const at = (iso: string) => new Date(iso);
const next = (pattern: string, after: string) => nextCron(parseCron(pattern), at(after)).toISOString();

describe('schedules', () => {
  it('finds the next moment of a cron-like pattern (UTC)', () => {
    expect(next('* * * * *', '2026-11-28T05:40:30Z')).toBe('2026-11-28T05:41:00.000Z');
    expect(next('*/15 * * * *', '2026-11-28T05:40:00Z')).toBe('2026-11-28T05:45:00.000Z');
    expect(next('0 3 * * *', '2026-11-28T05:40:00Z')).toBe('2026-11-29T03:00:00.000Z');
    expect(next('30 2 1 * *', '2026-12-15T00:00:00Z')).toBe('2027-01-01T02:30:00.000Z');
    // Sundays (0 and 7 both), and either day field when both are given.
    expect(next('0 0 * * 7', '2026-11-28T05:40:00Z')).toBe('2026-11-29T00:00:00.000Z');
    expect(next('0 0 1 * 1', '2026-11-28T05:40:00Z')).toBe('2026-11-30T00:00:00.000Z');
    expect(next('0 12 29 2 *', '2026-03-01T00:00:00Z')).toBe('2028-02-29T12:00:00.000Z');
    expect(next('5,10-12 1-2/1 * * *', '2026-11-28T01:10:00Z')).toBe('2026-11-28T01:11:00.000Z');
  });

  it('refuses a malformed schedule when the job is defined', () => {
    const job = (schedule: AnyJobDefinition['schedule']) =>
      defineJob({ name: 'test.bad', payload: z.object({}), schedule, run: async () => null });
    expect(() => job({ cron: '* * * *' })).toThrow(/five fields/);
    expect(() => job({ cron: '61 * * * *' })).toThrow(/minute/);
    expect(() => job({ cron: '* * 0 * *' })).toThrow(/day of month/);
    expect(() => job({ everyMs: 0 })).toThrow(/positive/);
    expect(() => job({ cron: '0 0 31 2 *' })).toThrow(/no moment/);
    expect(job({ everyMs: 1000 }).schedule).toEqual({ everyMs: 1000 });
  });

  it('skips the ticks missed while nothing ran instead of catching up one by one', () => {
    const s = { everyMs: 60_000 };
    expect(nextTick(s, at('2026-11-28T05:00:00Z'), at('2026-11-28T05:00:01Z')).toISOString()).toBe(
      '2026-11-28T05:01:00.000Z',
    );
    expect(nextTick(s, at('2026-11-28T05:00:00Z'), at('2026-11-28T07:30:30Z')).toISOString()).toBe(
      '2026-11-28T07:31:00.000Z',
    );
    expect(describeSchedule({ cron: ' 0  3 * * * ' })).toBe('cron 0 3 * * *');
  });
});

let database: Database;
let drop: () => Promise<void>;
let deps: Deps;
const workers: JobWorker[] = [];
const runsOf = new Map<string, number[]>();

function recurring(name: string, everyMs: number, slowMs = 0): AnyJobDefinition {
  return defineJob({
    name,
    payload: z.object({}),
    schedule: { everyMs },
    async run(ctx) {
      runsOf.set(name, [...(runsOf.get(name) ?? []), ctx.jobId]);
      if (slowMs) await new Promise((r) => setTimeout(r, slowMs));
      return null;
    },
  });
}

function worker(
  definition: AnyJobDefinition,
  opts: Partial<ConstructorParameters<typeof JobWorker>[0]> = {},
) {
  const w = new JobWorker({ deps, concurrency: 1, definitions: [definition], pollMs: 50, ...opts });
  workers.push(w);
  return w;
}

const jobsNamed = (name: string) => database.db.select().from(jobs).where(eq(jobs.name, name));

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'lw-schedule-test'),
    JWT_SECRET: 'j'.repeat(40),
  });
  deps = createDeps(config, database);
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop(1000)));
  await drop();
});

describe('recurring jobs with two workers', () => {
  it('enqueue each tick exactly once, however the two workers race for it', async () => {
    const def = recurring('test.tick-race', 60_000);
    let clock = at('2026-11-28T05:00:00Z').getTime();
    const now = () => new Date(clock);
    const a = worker(def, { now });
    const b = worker(def, { now });
    const ticks = 8;
    for (let i = 0; i < ticks; i++) {
      // Both look at the same due tick at the same moment, several times over.
      const taken = (
        await Promise.all([a.tickSchedules(), b.tickSchedules(), a.tickSchedules(), b.tickSchedules()])
      ).flat();
      expect(taken).toHaveLength(1);
      await a.drain();
      clock += 60_000;
    }
    const rows = await jobsNamed(def.name);
    expect(rows).toHaveLength(ticks);
    expect(rows.every((r) => r.state === 'succeeded' && r.attempts === 1)).toBe(true);
    // One job per tick, each run once.
    expect(new Set(rows.map((r) => r.runAt.getTime())).size).toBe(ticks);
    expect(runsOf.get(def.name)?.sort()).toEqual(rows.map((r) => r.id).sort());
    const [schedule] = await database.db.select().from(jobSchedules).where(eq(jobSchedules.name, def.name));
    expect(schedule).toMatchObject({ schedule: 'every 60000 ms', nextRunAt: new Date(clock) });
  });

  it('merge a tick into the previous run while it is still waiting', async () => {
    const def = recurring('test.tick-merge', 60_000);
    let clock = at('2026-11-28T05:00:00Z').getTime();
    const a = worker(def, { now: () => new Date(clock) });
    const [first] = await a.tickSchedules();
    clock += 60_000;
    expect(await a.tickSchedules()).toEqual([first]);
    expect(await jobsNamed(def.name)).toHaveLength(1);
  });

  it('a changed schedule starts over', async () => {
    const name = 'test.tick-change';
    const clock = at('2026-11-28T05:00:00Z').getTime();
    await worker(recurring(name, 60_000), { now: () => new Date(clock) }).tickSchedules();
    await worker(defineJob({ ...recurring(name, 1), schedule: { cron: '0 3 * * *' } }), {
      now: () => new Date(clock),
    }).tickSchedules();
    const [row] = await database.db.select().from(jobSchedules).where(eq(jobSchedules.name, name));
    expect(row).toMatchObject({ schedule: 'cron 0 3 * * *', nextRunAt: at('2026-11-29T03:00:00Z') });
  });

  it('run by two started workers: every tick taken is one job, run once', async () => {
    const def = recurring('test.tick-live', 80, 20);
    const a = worker(def, { concurrency: 2 });
    const b = worker(def, { concurrency: 2 });
    await Promise.all([a.start(), b.start()]);
    await waitFor(async () => (runsOf.get(def.name)?.length ?? 0) >= 4, 'four scheduled runs');
    await Promise.all([a.stop(5000), b.stop(5000)]);
    const rows = await jobsNamed(def.name);
    const ids = rows.map((r) => r.id);
    const ran = runsOf.get(def.name)!;
    // No job ran twice, and no tick gave two jobs.
    expect(new Set(ran).size).toBe(ran.length);
    expect(new Set(rows.map((r) => r.runAt.getTime())).size).toBe(rows.length);
    const finished = await database.db.select().from(jobs).where(inArray(jobs.id, ran));
    expect(finished.every((r) => r.state === 'succeeded')).toBe(true);
    expect(ids.length).toBeGreaterThanOrEqual(ran.length);
  });
});
