import { IMPORT_CHOICE_MESSAGES, parseCsvText } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCsv } from '../../testing/csvUploads.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { projectPayload } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { INLINE_IMPORT_MAX_ROWS } from './csvImport.service.ts';

/**
 * Import choices through the real routes: hand-picked coordinate columns, a fallback column for blank
 * structure names, and importing only the valid rows (the skipped ones downloadable as a CSV). The server
 * re-reads every file with the choices sent and counts for itself.
 */
let ctx: TestContext;
let pm: Record<string, string>;
let otherPm: Record<string, string>;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Choices Utility');
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  otherPm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
});
afterAll(() => ctx.close());

// Semicolons, Portuguese headers, coordinates under names the spec's detection does not know.
const CEMIG_LIKE = [
  'COD_ESTRUTURA_SAP;NOM_ESTRUTURA_SAP;COD_LT_SAP;NUM_LATITUDE;NUM_LONGITUDE',
  'E1;ESTRUTURA 001;MT-L-1;-19.874;-43.733',
  'E2;ESTRUTURA 002;MT-L-1;-19.872;-43.731',
  'E3;ESTRUTURA 001;MT-L-2;-19.870;-43.729',
  'E4;;MT-L-2;-19.868;-43.727',
  'E5;ESTRUTURA 009;MT-L-2;;',
  'E6;ESTRUTURA 002;MT-L-1;-19.866;-43.725',
].join('\n');

const choice = {
  name: 'estruturas.csv',
  latField: 'NUM_LATITUDE',
  lonField: 'NUM_LONGITUDE',
  lineNameField: 'COD_LT_SAP',
  structNumField: 'NOM_ESTRUTURA_SAP',
};

const create = (payload: object, headers = pm) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/projects', payload, headers });

const skippedRows = (payload: object, headers = pm) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/kmz/skippedRows', payload, headers });

async function structures(projectId: number) {
  return sqlRows<{ line_name: string; struct_num: string }>(
    ctx.database.db,
    sql`select l.line_name, s.struct_num from structures s join lines l on l.id = s.line_id
        where s.project_id = ${projectId} order by l.line_name, s.struct_num`,
  );
}

const projectCount = async (name: string) =>
  (
    await sqlRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from projects where lower(project_name) = lower(${name})`,
    )
  )[0]!.n;

describe('hand-picked coordinate columns', () => {
  it('getFields still answers the spec message; a save with NUM_LATITUDE/NUM_LONGITUDE is accepted', async () => {
    const url = await uploadCsv(ctx.app, pm, CEMIG_LIKE.split('\n').slice(0, 4).join('\n'));
    const fields = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/kmz/getFields',
      payload: { url },
      headers: pm,
    });
    expect(fields.json().coordinateFieldsError).toMatch(
      /^Missing latitude column\/field\. Missing longitude/,
    );
    expect(fields.json().latField).toBeNull();

    const res = await create(
      projectPayload(companyId, { project_name: 'Picked Coordinates', kmzs: [{ ...choice, url }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toEqual({
      files: 1,
      structures: 3,
      skippedRows: 0,
      lines: 2,
      inspections: 3,
    });
    expect(await structures(res.json().id)).toEqual([
      { line_name: 'MT-L-1', struct_num: 'ESTRUTURA 001' },
      { line_name: 'MT-L-1', struct_num: 'ESTRUTURA 002' },
      { line_name: 'MT-L-2', struct_num: 'ESTRUTURA 001' },
    ]);
    const [file] = await sqlRows<{ lat_field: string; lon_field: string }>(
      ctx.database.db,
      sql`select lat_field, lon_field from source_files where project_id = ${res.json().id}`,
    );
    expect(file).toEqual({ lat_field: 'NUM_LATITUDE', lon_field: 'NUM_LONGITUDE' });
  });

  it('refuses inconsistent choices with their messages and writes nothing', async () => {
    const url = await uploadCsv(ctx.app, pm, CEMIG_LIKE);
    const cases: Array<[object, string]> = [
      [{ lonField: 'NUM_LATITUDE' }, IMPORT_CHOICE_MESSAGES.sameCoordinate],
      [{ latField: 'NOPE' }, IMPORT_CHOICE_MESSAGES.notInFile('NOPE')],
      [{ latField: 'COD_LT_SAP' }, IMPORT_CHOICE_MESSAGES.coordinateIsName],
      [{ structNumFallbackField: 'NOM_ESTRUTURA_SAP' }, IMPORT_CHOICE_MESSAGES.fallbackIsStructure],
      [{ structNumFallbackField: 'NUM_LONGITUDE' }, IMPORT_CHOICE_MESSAGES.fallbackIsCoordinate],
    ];
    for (const [change, message] of cases) {
      const res = await create(
        projectPayload(companyId, {
          project_name: 'Inconsistent',
          kmzs: [{ ...choice, url, skipInvalidRows: true, ...change }],
        }),
      );
      expect(res.statusCode, message).toBe(400);
      expect(res.json().files[0].reasons).toContain(message);
    }
    expect(await projectCount('Inconsistent')).toBe(0);

    // A file whose own columns are found cannot have them replaced.
    const plain = await uploadCsv(ctx.app, pm, 'Line,Pole,lat,lon,Other\nA,1,45.1,-93.2,45.3\n');
    const replaced = await create(
      projectPayload(companyId, {
        project_name: 'Inconsistent',
        kmzs: [
          {
            url: plain,
            name: 'p.csv',
            latField: 'Other',
            lonField: 'lon',
            lineNameField: 'Line',
            structNumField: 'Pole',
          },
        ],
      }),
    );
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().files[0].reasons[0]).toMatch(/latitude and longitude columns are lat and lon/);
    expect(await projectCount('Inconsistent')).toBe(0);
  });
});

describe('fallback column and skipped rows', () => {
  it('without skipping, bad rows refuse the save as before', async () => {
    const url = await uploadCsv(ctx.app, pm, CEMIG_LIKE);
    const res = await create(
      projectPayload(companyId, { project_name: 'No Skip', kmzs: [{ ...choice, url }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().files[0]).toMatchObject({ reasons: ['3 rows have errors.'], errorRowCount: 3 });
  });

  it('skipping: the exact counts are answered and only the valid rows are written; the fallback names blanks', async () => {
    const url = await uploadCsv(ctx.app, pm, CEMIG_LIKE);
    const skip = await create(
      projectPayload(companyId, {
        project_name: 'Skip Rows',
        kmzs: [{ ...choice, url, skipInvalidRows: true }],
      }),
    );
    expect(skip.statusCode).toBe(200);
    // Row 5: blank structure; row 6: no coordinates; row 7: ESTRUTURA 002 again on MT-L-1.
    expect(skip.json().imported).toEqual({
      files: 1,
      structures: 3,
      skippedRows: 3,
      lines: 2,
      inspections: 3,
    });
    expect(await structures(skip.json().id)).toHaveLength(3);

    const url2 = await uploadCsv(ctx.app, pm, CEMIG_LIKE);
    const fallback = await create(
      projectPayload(companyId, {
        project_name: 'Skip With Fallback',
        kmzs: [{ ...choice, url: url2, skipInvalidRows: true, structNumFallbackField: 'COD_ESTRUTURA_SAP' }],
      }),
    );
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().imported).toMatchObject({ structures: 4, skippedRows: 2, lines: 2 });
    expect((await structures(fallback.json().id)).map((s) => s.struct_num)).toContain('E4');
  });

  it('the skipped rows download lists every skipped row with its reasons', async () => {
    const url = await uploadCsv(ctx.app, pm, CEMIG_LIKE);
    const res = await skippedRows({ ...choice, url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const { records } = parseCsvText(res.body.replace(/^\uFEFF/, ''));
    expect(records).toEqual([
      ['Row', 'Line', 'Structure', 'Latitude', 'Longitude', 'Reason'],
      ['5', 'MT-L-2', '', '-19.868', '-43.727', 'Missing structure name.'],
      ['6', 'MT-L-2', 'ESTRUTURA 009', '', '', 'Missing latitude. Missing longitude.'],
      [
        '7',
        'MT-L-1',
        'ESTRUTURA 002',
        '-19.866',
        '-43.725',
        'Duplicate structure on this line (first in row 3).',
      ],
    ]);

    const withFallback = await skippedRows({ ...choice, url, structNumFallbackField: 'COD_ESTRUTURA_SAP' });
    expect(parseCsvText(withFallback.body).records).toHaveLength(3);

    const bad = await skippedRows({ ...choice, url, lonField: 'NUM_LATITUDE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(IMPORT_CHOICE_MESSAGES.sameCoordinate);
    // Only the user who signed the upload may read it.
    expect((await skippedRows({ ...choice, url }, otherPm)).statusCode).toBe(404);
  });

  it('skipping many rows in a background import writes exactly the valid ones', async () => {
    const rows = ['Line;Pole;Ref;NUM_LAT;NUM_LON'];
    const total = INLINE_IMPORT_MAX_ROWS + 500;
    for (let i = 0; i < total; i++) {
      const bad = i % 100 === 7; // 1 in 100 has no coordinates
      const blank = i % 50 === 3; // 1 in 50 has a blank pole, named by Ref
      rows.push(
        `L${i % 4};${blank ? '' : `P${i}`};R${i};${bad ? '' : (40 + i / 1e6).toFixed(6)};${bad ? '' : (-90 - i / 1e6).toFixed(6)}`,
      );
    }
    const expectedSkipped = Array.from({ length: total }, (_, i) => i).filter((i) => i % 100 === 7).length;
    const url = await uploadCsv(ctx.app, pm, `${rows.join('\n')}\n`);
    const res = await create(
      projectPayload(companyId, {
        project_name: 'Large Skip',
        kmzs: [
          {
            url,
            name: 'large.csv',
            latField: 'NUM_LAT',
            lonField: 'NUM_LON',
            lineNameField: 'Line',
            structNumField: 'Pole',
            structNumFallbackField: 'Ref',
            skipInvalidRows: true,
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().importJobId).toEqual(expect.any(Number));
    expect(res.json().imported).toMatchObject({
      structures: total - expectedSkipped,
      skippedRows: expectedSkipped,
    });
    await runDueJobs(ctx.app.deps);
    expect(await structures(res.json().id)).toHaveLength(total - expectedSkipped);
  });
});

describe('a double submit', () => {
  it('two identical saves at once create one project', async () => {
    const url = await uploadCsv(ctx.app, pm, CEMIG_LIKE);
    const payload = projectPayload(companyId, {
      project_name: 'Double Submit',
      kmzs: [{ ...choice, url, skipInvalidRows: true }],
    });
    const answers = await Promise.all([create(payload), create(payload)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('project_name_taken');
    expect(await projectCount('Double Submit')).toBe(1);
    const id = answers.find((a) => a.statusCode === 200)!.json().id;
    expect(await structures(id)).toHaveLength(3);
  });
});
