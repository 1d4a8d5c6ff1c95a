import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InspectionRow } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { LIST_CHUNK_ROWS } from '../../platform/db/rowChunks.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createImage, createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { semToCondition } from './conditionAnswers.ts';
import { inspectionRows } from './inspections.repository.ts';

/**
 * Whole-list answers (issue 21 §5) are streamed a chunk at a time: the same bytes as the in-memory answer
 * they replace, whatever the chunk boundaries, and a client that leaves mid-stream holds nothing.
 */
let ctx: TestContext;
let db: Db;
let projectId: number;
let staff: Record<string, string>;
let customer: Record<string, string>;
const STRUCTURES = LIST_CHUNK_ROWS + 350;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  const companyId = await createCompany(db, 'Stream Utility');
  staff = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  projectId = await createProject(db, companyId);
  // Line names out of creation order (the list sorts by name), one of them with JSON's special characters.
  const lines = [
    await createLine(db, companyId, projectId, 'Zeta "north" \\ feeder'),
    await createLine(db, companyId, projectId, 'Alpha 10'),
    await createLine(db, companyId, projectId, 'alpha 9 – Ünterwerk'),
  ];
  const made = [];
  for (const [i, line] of lines.entries()) {
    made.push(await createStructures(db, projectId, line, Math.ceil(STRUCTURES / 3), { prefix: `L${i}-` }));
  }
  const [a, b] = made;
  await createImage(db, projectId, a!.structureIds[5]!);
  const rejected = await createImage(db, projectId, a!.structureIds[5]!);
  await db.execute(sql`update images set reject_datetime = now() where id = ${rejected}`);
  await createImage(db, projectId, b!.structureIds[400]!);
  await db.execute(sql`
    update inspections set review_status = 'Complete', date_reviewed = '2026-03-04T15:30:00.123Z',
      max_risk_level = 4, comments = 'Split "crossarm"\nline two'
    where id in (${a!.inspectionIds[5]!}, ${b!.inspectionIds[7]!})`);
  await db.execute(
    sql`insert into inspection_field_values values (${b!.inspectionIds[7]!}, 1, 1), (${b!.inspectionIds[7]!}, 2, 6)`,
  );
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers });

/** The answer as the route wrote it before streaming: every row at once, through the response schema. */
async function inMemoryAnswer(): Promise<string> {
  const rows = (await inspectionRows(db, projectId)).map((r) =>
    Object.assign(r, { condition: semToCondition(r.sem_conditions) }),
  );
  return JSON.stringify(z.array(InspectionRow).parse(rows));
}

/** Windows of `size` rows (the in-memory path) joined into one array's bytes. */
async function windowsJoined(query: string, headers: Record<string, string>, size = 1000): Promise<string> {
  const parts: string[] = [];
  for (let offset = 0; ; offset += size) {
    const res = await get(
      `/api/v1/inspections/${projectId}?${query}&offset=${offset}&limit=${size}`,
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    if (res.body === '[]') break;
    parts.push(res.body.slice(1, -1));
  }
  return `[${parts.join(',')}]`;
}

describe('whole inspection lists, streamed', () => {
  it('answer byte for byte what the in-memory list answered, over several chunks', async () => {
    const res = await get(`/api/v1/inspections/${projectId}`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = res.json<InspectionRow[]>();
    expect(rows.length).toBeGreaterThan(LIST_CHUNK_ROWS);
    expect(res.body).toBe(await inMemoryAnswer());
    expect(res.body).toBe(await windowsJoined('', staff));
    // The list's order: line name case-insensitively ('alpha 9' after 'Alpha 10'), then creation order.
    expect(rows[0]!.line_name).toBe('Alpha 10');
    expect(rows.at(-1)!.line_name).toBe('Zeta "north" \\ feeder');
  });

  it('keep each filter, sort and the customer view the same as their windows', async () => {
    for (const [query, headers] of [
      ['sort=structure&direction=desc', staff],
      ['sort=risk&direction=desc&q=l1-', staff],
      ['search=crossarm', customer],
      ['sort=count&direction=desc', customer],
    ] as const) {
      const res = await get(`/api/v1/inspections/${projectId}?${query}`, headers);
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).toBe(await windowsJoined(query, headers, 900));
    }
    const customerRows = (await get(`/api/v1/inspections/${projectId}`, customer)).json<InspectionRow[]>();
    expect(customerRows[0]).not.toHaveProperty('reject_count');
    expect((await get(`/api/v1/inspections/${projectId}?status=rejected`, customer)).body).toBe('[]');
    expect((await get(`/api/v1/inspections/${projectId}?q=nothing-matches`, staff)).body).toBe('[]');
    expect((await get(`/api/v1/inspections/999999`, staff)).statusCode).toBe(404);
  });

  it('the select-all export streams the same rows as the list', async () => {
    const list = await get(`/api/v1/inspections/${projectId}?sort=lineName&structure=l2`, staff);
    const exported = await get(
      `/api/v1/inspections/export?projectId=${projectId}&sort=lineName&structure=l2`,
      staff,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toBe(list.body);
    expect(exported.json<InspectionRow[]>().length).toBeGreaterThan(LIST_CHUNK_ROWS / 3);
  });

  it('a client that leaves mid-stream leaves no database connection busy, and the next reader is answered', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    for (let round = 0; round < 5; round++) {
      await new Promise<void>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: `/api/v1/inspections/${projectId}`, headers: staff },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        req.end();
      });
    }
    // Whatever chunk each stream was reading when its client left finishes and is given back.
    await expect
      .poll(
        async () => {
          if (ctx.database.kind !== 'postgres') return 0;
          const [row] = await sqlRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()
                and (state like 'idle in transaction%' or state = 'active')`,
          );
          return row!.n;
        },
        { timeout: 20_000 },
      )
      .toBe(0);
    const after = await fetch(`http://127.0.0.1:${port}/api/v1/inspections/${projectId}`, { headers: staff });
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(await inMemoryAnswer());
  });
});
