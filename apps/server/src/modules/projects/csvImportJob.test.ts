import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../platform/auth/actor.ts';
import { uploadMappedCsv } from '../../testing/csvUploads.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { liveProjectProgress } from '../../testing/liveProjectProgress.ts';
import { projectPayload } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { INLINE_IMPORT_MAX_ROWS } from './csvImport.service.ts';
import { writeCsvFiles } from './csvImport.write.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let customer: Record<string, string>;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Large Import Utility');
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
});
afterAll(() => ctx.close());

/** A CSV with more rows than an import writes inline: three lines, unique structure numbers. */
function largeCsv(rows: number, prefix: string): string {
  const out = ['Line,Structure,Latitude,Longitude'];
  for (let i = 0; i < rows; i++) {
    out.push(
      `${prefix} Line ${i % 3},${prefix}-${i},${(38 + (i % 1000) / 10_000).toFixed(5)},${(-97 - i / 1e6).toFixed(6)}`,
    );
  }
  return `${out.join('\n')}\n`;
}

const mappedUpload = (body: string) => uploadMappedCsv(ctx.app, pm, body, 'large.csv');

const ROWS = INLINE_IMPORT_MAX_ROWS + 2_345;

async function structureCount(projectId: number): Promise<number> {
  const [row] = await sqlRows<{ n: number; distinct_n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n, count(distinct (line_id, struct_num))::int as distinct_n
        from structures where project_id = ${projectId}`,
  );
  expect(row!.n).toBe(row!.distinct_n);
  return row!.n;
}

const listed = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ url: '/api/v1/projects', headers })).json<
    Array<{ id: number; importing: unknown }>
  >();

describe('a large CSV import runs as a background job', () => {
  it('answers at once, shows the project as importing to staff only, and makes it ready when done', async () => {
    const kmz = await mappedUpload(largeCsv(ROWS, 'A'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: projectPayload(companyId, { project_name: 'Large Import', kmzs: [kmz] }),
      headers: pm,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ id: number; importJobId: number; imported: Record<string, number> }>();
    expect(answer.importJobId).toEqual(expect.any(Number));
    expect(answer.imported).toEqual({
      files: 1,
      structures: ROWS,
      skippedRows: 0,
      lines: 3,
      inspections: ROWS,
    });
    expect(await structureCount(answer.id)).toBe(0);

    const staffView = (await listed(pm)).find((p) => p.id === answer.id);
    expect(staffView?.importing).toEqual({ jobId: answer.importJobId, done: 0, total: ROWS });
    expect((await listed(customer)).some((p) => p.id === answer.id)).toBe(false);
    const hidden = await ctx.app.inject({ url: `/api/v1/projects/${answer.id}`, headers: customer });
    expect(hidden.statusCode).toBe(404);

    expect(await runDueJobs(ctx.app.deps)).toBeGreaterThanOrEqual(1);

    expect(await structureCount(answer.id)).toBe(ROWS);
    const ready = await ctx.app.inject({ url: `/api/v1/projects/${answer.id}`, headers: customer });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ importing: null, structures: ROWS });
    const job = await ctx.app.inject({ url: `/api/v1/jobs/${answer.importJobId}`, headers: pm });
    expect(job.json()).toMatchObject({ state: 'succeeded', progress: { done: ROWS, total: ROWS } });
    // The trigger-kept progress counters agree with a count from scratch.
    const live = (await liveProjectProgress(ctx.database.db)).find((p) => p.project_id === answer.id);
    expect(live).toMatchObject({ structures: ROWS });
  });

  it('refuses to edit a project while it is still importing', async () => {
    const kmz = await mappedUpload(largeCsv(ROWS, 'B'));
    const payload = projectPayload(companyId, { project_name: 'Busy Import', kmzs: [kmz] });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/projects', payload, headers: pm });
    const { id } = res.json<{ id: number }>();
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/projects/upsert',
      payload: { ...payload, id, kmzs: [] },
      headers: pm,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'import_in_progress' });
    await runDueJobs(ctx.app.deps);
    const again = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/projects/upsert',
      payload: { ...payload, id, kmzs: [] },
      headers: pm,
    });
    expect(again.statusCode).toBe(200);
  });

  it('continues after the last committed batch when a run was stopped, writing no row twice', async () => {
    const kmz = await mappedUpload(largeCsv(ROWS, 'C'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: projectPayload(companyId, { project_name: 'Stopped Import', kmzs: [kmz] }),
      headers: pm,
    });
    const { id } = res.json<{ id: number }>();
    // A worker that dies after its first batch: the same writer, stopped between batches.
    const [file] = await sqlRows<{ id: number; storage_key: string; created_by: number }>(
      ctx.database.db,
      sql`select id, storage_key, created_by from source_files where project_id = ${id}`,
    );
    const stop = new AbortController();
    const stopped = writeCsvFiles(
      { projectId: id, companyId, userId: file!.created_by, perComponent: false },
      [
        {
          sourceFileId: file!.id,
          storageKey: file!.storage_key,
          lineNameField: 'Line',
          structNumField: 'Structure',
        },
      ],
      {
        storage: ctx.app.deps.storage,
        transaction: (work) => ctx.database.db.transaction(work),
        batchRows: 4_000,
        onProgress: async () => stop.abort(),
        signal: stop.signal,
      },
    );
    await expect(stopped).rejects.toThrow(/abort/i);
    expect(await structureCount(id)).toBe(4_000);

    await runDueJobs(ctx.app.deps);
    expect(await structureCount(id)).toBe(ROWS);
    const [inspections] = await sqlRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from inspections where project_id = ${id}`,
    );
    expect(inspections!.n).toBe(ROWS);
  });

  it('takes a failed import back: the new project is gone and the job says why', async () => {
    const kmz = await mappedUpload(largeCsv(ROWS, 'D'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: projectPayload(companyId, { project_name: 'Doomed Import', kmzs: [kmz] }),
      headers: pm,
    });
    const { id, importJobId } = res.json<{ id: number; importJobId: number }>();
    await ctx.app.deps.storage.delete(kmz.url);
    await runDueJobs(ctx.app.deps);

    const project = await ctx.app.inject({ url: `/api/v1/projects/${id}`, headers: pm });
    expect(project.statusCode).toBe(404);
    const job = await ctx.app.inject({ url: `/api/v1/jobs/${importJobId}`, headers: pm });
    expect(job.json()).toMatchObject({ state: 'failed', error: 'A source file is missing from storage' });
    const audit = await sqlRows<{ action: string }>(
      ctx.database.db,
      sql`select action from audit_log where object_type = 'project' and object_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['project.create', 'project.import_failed']);
    expect(systemActor().kind).toBe('system');
  });
});
