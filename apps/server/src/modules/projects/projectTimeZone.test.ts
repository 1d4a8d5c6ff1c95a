import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects } from '../../platform/db/schema/index.ts';
import { uploadMappedCsv } from '../../testing/csvUploads.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { projectPayload } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { timeZoneAt } from './projectTimeZone.ts';

/**
 * A project's dates are in its own calendar. The clock is injected: each test sets `now` to an instant
 * just before or after midnight in the zone it checks, never the real time.
 */
let now = new Date('2030-06-15T17:00:00Z');
let ctx: TestContext;
let pm: Record<string, string>;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => now });
  companyId = await createCompany(ctx.database.db, 'Zone Utility');
  pm = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'project_manager')));
});
afterAll(() => ctx.close());

/** A mapped CSV entry (sign → PUT → the kmzs entry) with structures around one point. */
async function csvAt(lat: number, lon: number, line = 'L1') {
  const body = `Line,Structure,Latitude,Longitude\n${line},1,${lat},${lon}\n${line},2,${lat + 0.01},${lon + 0.01}\n`;
  return uploadMappedCsv(ctx.app, pm, body, 'poles.csv');
}

const create = (overrides: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    payload: projectPayload(companyId, { due_date: '2030-07-30', ...overrides }),
    headers: pm,
  });

async function zoneOf(id: number) {
  const [row] = await ctx.database.db
    .select({ timeZone: projects.timeZone, chosen: projects.timeZoneChosen })
    .from(projects)
    .where(eq(projects.id, id));
  return row;
}

const projectCount = async () => (await ctx.database.db.select({ id: projects.id }).from(projects)).length;

describe('timeZoneAt', () => {
  it('answers the zone where the structures are, else the default', () => {
    expect(timeZoneAt({ lat: 38.8, lon: -97.6 })).toBe('America/Chicago');
    expect(timeZoneAt({ lat: -19.8, lon: -43.7 })).toBe('America/Sao_Paulo');
    expect(timeZoneAt({ lat: 35.68, lon: 139.69 })).toBe('Asia/Tokyo');
    expect(timeZoneAt({ lat: 22.57, lon: 88.36 })).toBe('Asia/Kolkata');
    expect(timeZoneAt({ lat: null, lon: null })).toBe('America/Chicago');
    expect(timeZoneAt({ lat: 95, lon: 0 })).toBe('America/Chicago');
  });
});

describe('a project’s time zone on create and update', () => {
  it('is derived from where its structures are, unless given; the default without any', async () => {
    now = new Date('2030-06-15T17:00:00Z');
    const tokyo = await create({ start_date: '2030-06-16', kmzs: [await csvAt(35.68, 139.69)] });
    expect(tokyo.statusCode).toBe(200);
    expect(await zoneOf(tokyo.json().id)).toEqual({ timeZone: 'Asia/Tokyo', chosen: false });
    const given = await create({
      start_date: '2030-06-16',
      time_zone: 'Europe/Berlin',
      kmzs: [await csvAt(35.68, 139.69)],
    });
    expect(await zoneOf(given.json().id)).toEqual({ timeZone: 'Europe/Berlin', chosen: true });
    const bare = await create({ start_date: '2030-06-16' });
    expect(await zoneOf(bare.json().id)).toEqual({ timeZone: 'America/Chicago', chosen: false });
    const detail = await ctx.app.inject({ url: `/api/v1/projects/${tokyo.json().id}`, headers: pm });
    expect(detail.json().time_zone).toBe('Asia/Tokyo');
    const [audit] = await ctx.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'project.create'), eq(auditLog.objectId, String(tokyo.json().id))));
    expect(audit?.details).toMatchObject({ time_zone: 'Asia/Tokyo' });
  });

  it('refuses a zone Intl does not know, naming the field', async () => {
    for (const time_zone of ['Mars/Olympus', 'america/chicago', 'GMT+2', '']) {
      const res = await create({ start_date: '2030-06-16', time_zone });
      expect(res.statusCode, time_zone).toBe(400);
      expect(res.json().issues).toEqual([expect.objectContaining({ path: 'body.time_zone' })]);
    }
  });

  it('keeps a zone given on update; without one, a project whose zone was never chosen follows its files', async () => {
    now = new Date('2030-06-15T17:00:00Z');
    const created = await create({ start_date: '2030-06-16' });
    const id = created.json().id as number;
    const update = (overrides: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/projects/upsert',
        payload: {
          ...projectPayload(companyId, { start_date: '2030-06-16', due_date: '2030-07-30' }),
          id,
          ...overrides,
        },
        headers: pm,
      });
    const first = await update({ kmzs: [await csvAt(-19.8, -43.7)] });
    expect(first.statusCode, first.body).toBe(200);
    expect(await zoneOf(id)).toEqual({ timeZone: 'America/Sao_Paulo', chosen: false });
    expect((await update({ time_zone: 'America/Denver' })).statusCode).toBe(200);
    expect(await zoneOf(id)).toEqual({ timeZone: 'America/Denver', chosen: true });
    expect((await update({ kmzs: [await csvAt(35.68, 139.69, 'L2')] })).statusCode).toBe(200);
    expect(await zoneOf(id)).toEqual({ timeZone: 'America/Denver', chosen: true });
  });
});

describe('not before today, in the project’s calendar, around midnight', () => {
  it('west of UTC (Chicago, UTC−5 in June): today until midnight there, not the UTC date', async () => {
    // 23:30 on 2030-06-15 in Chicago is already 04:30 on the 16th in UTC.
    now = new Date('2030-06-16T04:30:00Z');
    expect((await create({ start_date: '2030-06-15' })).statusCode).toBe(200);
    // 00:30 on the 16th in Chicago: the 15th has passed.
    now = new Date('2030-06-16T05:30:00Z');
    const late = await create({ start_date: '2030-06-15' });
    expect(late.statusCode).toBe(400);
    expect(late.json().issues).toEqual([
      {
        path: 'body.start_date',
        message: 'Start date cannot be before today (06/16/2030, America/Chicago).',
      },
    ]);
  });

  it('east of UTC (Tokyo, UTC+9), given explicitly: the date turns at midnight in Tokyo', async () => {
    now = new Date('2030-06-15T14:30:00Z'); // 23:30 on the 15th in Tokyo
    expect((await create({ start_date: '2030-06-15', time_zone: 'Asia/Tokyo' })).statusCode).toBe(200);
    now = new Date('2030-06-15T15:30:00Z'); // 00:30 on the 16th in Tokyo, still the 15th in UTC
    const late = await create({ start_date: '2030-06-15', due_date: '2030-06-15', time_zone: 'Asia/Tokyo' });
    expect(late.statusCode).toBe(400);
    expect(late.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'Start date cannot be before today (06/16/2030, Asia/Tokyo).',
      'End date cannot be before today (06/16/2030, Asia/Tokyo).',
    ]);
  });

  it('east of UTC, derived from the structures: checked once the zone is known, and nothing is written', async () => {
    now = new Date('2030-06-15T14:30:00Z'); // 23:30 on the 15th in Tokyo
    const ok = await create({ start_date: '2030-06-15', kmzs: [await csvAt(35.68, 139.69)] });
    expect(ok.statusCode).toBe(200);
    now = new Date('2030-06-15T15:30:00Z'); // 00:30 on the 16th in Tokyo
    const before = await projectCount();
    const late = await create({ start_date: '2030-06-15', kmzs: [await csvAt(35.68, 139.69)] });
    expect(late.statusCode).toBe(400);
    expect(late.json().issues).toEqual([
      { path: 'body.start_date', message: 'Start date cannot be before today (06/16/2030, Asia/Tokyo).' },
    ]);
    expect(await projectCount()).toBe(before);
    // The same dates for structures in Kansas are fine: it is still the 15th there.
    expect((await create({ start_date: '2030-06-15', kmzs: [await csvAt(38.8, -97.6)] })).statusCode).toBe(
      200,
    );
  });

  it("a Chicago evening on the Bremen file: the user's today is refused with Berlin's day and zone, Berlin's today is taken", async () => {
    // 18:45 on 11/28 in Chicago is 01:45 on 11/29 in Berlin.
    now = new Date('2030-11-29T00:45:00Z');
    const bremen = async () => [await csvAt(53.08, 8.8)];
    const chicagoToday = await create({
      start_date: '2030-11-28',
      due_date: '2030-12-04',
      kmzs: await bremen(),
    });
    expect(chicagoToday.statusCode).toBe(400);
    expect(chicagoToday.json().issues).toEqual([
      { path: 'body.start_date', message: 'Start date cannot be before today (11/29/2030, Europe/Berlin).' },
    ]);
    const berlinToday = await create({
      start_date: '2030-11-29',
      due_date: '2030-12-05',
      kmzs: await bremen(),
    });
    expect(berlinToday.statusCode, berlinToday.body).toBe(200);
  });

  it('a date before today in every zone is refused with the zone of the structures, never the up-front Etc/GMT+12', async () => {
    now = new Date('2030-06-16T10:30:00Z'); // 00:30 on the 16th in Honolulu, 22:30 on the 15th at UTC−12
    const before = await projectCount();
    const yesterday = await create({ start_date: '2030-06-14', kmzs: [await csvAt(21.3, -157.85)] });
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().issues).toEqual([
      {
        path: 'body.start_date',
        message: 'Start date cannot be before today (06/16/2030, Pacific/Honolulu).',
      },
    ]);
    // Start and end both past, on the Bremen file: both name Berlin's day.
    const both = await create({
      start_date: '2030-06-10',
      due_date: '2030-06-12',
      kmzs: [await csvAt(53.08, 8.8)],
    });
    expect(both.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'Start date cannot be before today (06/16/2030, Europe/Berlin).',
      'End date cannot be before today (06/16/2030, Europe/Berlin).',
    ]);
    expect(await projectCount()).toBe(before);
  });

  it('without files the default zone is judged up front and named', async () => {
    now = new Date('2030-11-29T07:00:00Z'); // 01:00 on 11/29 in Chicago
    const late = await create({ start_date: '2030-11-28', due_date: '2030-12-04' });
    expect(late.json().issues).toEqual([
      {
        path: 'body.start_date',
        message: 'Start date cannot be before today (11/29/2030, America/Chicago).',
      },
    ]);
  });
});
