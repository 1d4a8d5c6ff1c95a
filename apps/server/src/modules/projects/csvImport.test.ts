import { IMPORT_CHOICE_MESSAGES, ROW_ERROR_MESSAGES } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, uploadCsv } from '../../testing/csvUploads.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createLine, projectPayload } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { KMZ_NOT_SUPPORTED } from '../sourceFiles/sourceFiles.service.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Import Utility');
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
});
afterAll(() => ctx.close());

const upload = (body: string | Buffer) => uploadCsv(ctx.app, pm, body);

interface Mapping {
  name?: string;
  lineNameField: string;
  structNumField: string;
}

/** Upload + getFields + the kmzs entry the mapping modal would send. */
async function mapped(body: string | Buffer, mapping: Mapping) {
  const url = await upload(body);
  const fields = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/kmz/getFields',
    payload: { url },
    headers: pm,
  });
  expect(fields.statusCode).toBe(200);
  const { latField, lonField } = fields.json<{ latField: string; lonField: string }>();
  return { url, name: mapping.name ?? 'structures.csv', latField, lonField, ...mapping };
}

const create = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/projects', payload, headers: pm });

/** Row counts of every table an import writes. */
async function tableCounts() {
  const [row] = await sqlRows<Record<string, number>>(
    ctx.database.db,
    sql`select
      (select count(*) from projects)::int as projects,
      (select count(*) from lines)::int as lines,
      (select count(*) from project_lines)::int as project_lines,
      (select count(*) from structures)::int as structures,
      (select count(*) from inspections)::int as inspections,
      (select count(*) from source_files)::int as source_files,
      (select count(*) from audit_log where action like 'project.%')::int as audits`,
  );
  return row!;
}

const simple = 'Line,Structure,Latitude,Longitude\nL1,1,38.80,-97.60\nL1,2,38.81,-97.61\nL2,1,38.82,-97.62\n';

describe('CSV import through the real routes', () => {
  it('sign → PUT → getFields → create writes the project, lines, structures and inspections', async () => {
    const db = ctx.database.db;
    // An existing line of the customer, spelled differently, is reused rather than duplicated.
    const existingLine = await createLine(db, companyId, null, 'l1');
    const kmz = await mapped(simple, {
      name: 'north.csv',
      lineNameField: 'Line',
      structNumField: 'Structure',
    });
    expect(kmz).toMatchObject({ latField: 'Latitude', lonField: 'Longitude' });

    const res = await create(projectPayload(companyId, { project_name: 'Import North', kmzs: [kmz] }));
    expect(res.statusCode).toBe(200);
    const { id, imported } = res.json();
    expect(imported).toEqual({ files: 1, structures: 3, skippedRows: 0, lines: 2, inspections: 3 });

    const lines = await ctx.app.inject({ url: `/api/v1/structures/lines?projectId=${id}`, headers: pm });
    expect(lines.json()).toEqual([
      { id: existingLine, line_name: 'l1', line_num: null },
      { id: expect.any(Number), line_name: 'L2', line_num: null },
    ]);
    const structures = await sqlRows<{
      struct_num: string;
      line_name: string;
      x: number;
      y: number;
      src: number;
    }>(
      db,
      sql`select s.struct_num, l.line_name, s.location[0] as x, s.location[1] as y, s.structure_source_type_id as src
        from structures s join lines l on l.id = s.line_id where s.project_id = ${id} order by s.id`,
    );
    expect(structures).toEqual([
      { struct_num: '1', line_name: 'l1', x: -97.6, y: 38.8, src: 2 },
      { struct_num: '2', line_name: 'l1', x: -97.61, y: 38.81, src: 2 },
      { struct_num: '1', line_name: 'L2', x: -97.62, y: 38.82, src: 2 },
    ]);
    const [files] = await sqlRows<{ n: number; linked: number; insp: number }>(
      db,
      sql`select (select count(*) from source_files where project_id = ${id} and name = 'north.csv'
                    and lat_field = 'Latitude' and line_name_field = 'Line')::int as n,
                 (select count(*) from structures where project_id = ${id} and source_file_id is not null)::int as linked,
                 (select count(*) from inspections where project_id = ${id} and component_id is null)::int as insp`,
    );
    expect(files).toEqual({ n: 1, linked: 3, insp: 3 });

    const one = await ctx.app.inject({ url: `/api/v1/projects/${id}`, headers: pm });
    expect(one.json()).toMatchObject({
      structures: 3,
      kmzs: [{ name: 'north.csv', url: kmz.url, kind: 'csv' }],
      project_center_lat: expect.closeTo(38.81, 6),
      project_center_lon: expect.closeTo(-97.61, 6),
    });
    const counts = await ctx.app.inject({ url: `/api/v1/structures/counts/${id}`, headers: pm });
    expect(counts.json()).toMatchObject({ total_struct_count: 3, kmz_struct_count: 3 });
  });

  it('imports several files into one project', async () => {
    const a = await mapped(simple, { name: 'a.csv', lineNameField: 'Line', structNumField: 'Structure' });
    const b = await mapped('lat,lon,circuit,pole\n38.9,-97.7,C9,100\n38.91,-97.71,C9,101\n', {
      name: 'b.csv',
      lineNameField: 'circuit',
      structNumField: 'pole',
    });
    const res = await create(projectPayload(companyId, { kmzs: [a, b] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toEqual({
      files: 2,
      structures: 5,
      skippedRows: 0,
      lines: 3,
      inspections: 5,
    });
  });

  it('reads BOM, CRLF, quoted fields, blank lines, blank headers and ; separated files', async () => {
    const text =
      '\uFEFF"Line; name";"Str";;Y;X\r\n\r\n"North ""A""";"7";z;-19,8;-43.7\r\n' +
      '"North ""A""";"8, upper";;-19.81;-43.71\r\n;;;;\r\n"South";9;;-19.82;-43.72\r\n';
    // -19,8 is a decimal comma: a row error, so fix that row and import the rest.
    const bad = await create(
      projectPayload(companyId, {
        kmzs: [await mapped(text, { lineNameField: 'Line; name', structNumField: 'Str' })],
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().files[0].errorRows[0]).toMatchObject({
      rowNumber: 2,
      reasons: ['Latitude is not a number.'],
    });

    const fixed = text.replace('-19,8', '-19.8');
    const res = await create(
      projectPayload(companyId, {
        project_name: 'Messy File',
        kmzs: [await mapped(fixed, { lineNameField: 'Line; name', structNumField: 'Str' })],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toMatchObject({ structures: 3, lines: 2 });
    const rows = await sqlRows<{ line_name: string; struct_num: string }>(
      ctx.database.db,
      sql`select l.line_name, s.struct_num from structures s join lines l on l.id = s.line_id
        where s.project_id = ${res.json().id} order by s.id`,
    );
    expect(rows).toEqual([
      { line_name: 'North "A"', struct_num: '7' },
      { line_name: 'North "A"', struct_num: '8, upper' },
      { line_name: 'South', struct_num: '9' },
    ]);
  });

  it('a file with a bad row answers 400 with the row errors and writes nothing', async () => {
    const text =
      'Line,Structure,Latitude,Longitude\nL1,1,38.8,-97.6\nL1,2,95,-97.6\nL1,3,abc,-97.6\nL1,4,38.8,-97.6\n';
    const kmz = await mapped(text, { name: 'bad.csv', lineNameField: 'Line', structNumField: 'Structure' });
    const before = await tableCounts();
    const res = await create(projectPayload(companyId, { project_name: 'Never Written', kmzs: [kmz] }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('csv_invalid');
    expect(body.files).toEqual([
      {
        url: kmz.url,
        name: 'bad.csv',
        reasons: ['2 rows have errors.'],
        errorRowCount: 2,
        errorRows: [
          expect.objectContaining({ rowNumber: 3, reasons: ['Latitude must be between -90 and 90.'] }),
          expect.objectContaining({
            rowNumber: 4,
            text: 'Row 4, L1, 3, abc, -97.6: Latitude is not a number.',
          }),
        ],
      },
    ]);
    expect(await tableCounts()).toEqual(before);
  });

  it('lists at most 100 error rows but counts them all', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => `L1,${i},999,-97.6`);
    const kmz = await mapped(`Line,Structure,lat,lon\nL1,ok,38.8,-97.6\n${rows.join('\n')}\n`, {
      lineNameField: 'Line',
      structNumField: 'Structure',
    });
    const before = await tableCounts();
    const res = await create(projectPayload(companyId, { kmzs: [kmz] }));
    expect(res.json().files[0].errorRowCount).toBe(250);
    expect(res.json().files[0].errorRows).toHaveLength(100);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses duplicate structures on a line: in a file, across spellings of the line, across files', async () => {
    const before = await tableCounts();
    const inFile = await mapped('Line,S,lat,lon\nL1,1,38.8,-97.6\nL1,1,38.9,-97.6\n', {
      lineNameField: 'Line',
      structNumField: 'S',
    });
    const r1 = await create(projectPayload(companyId, { kmzs: [inFile] }));
    expect(r1.json().files[0].errorRows[0].reasons).toEqual([ROW_ERROR_MESSAGES.duplicate(2)]);

    // 'Dup Line' and 'DUP LINE' are one stored line, so structure 1 repeats.
    const spellings = await mapped('Line,S,lat,lon\nDup Line,1,38.8,-97.6\nDUP LINE,1,38.9,-97.6\n', {
      lineNameField: 'Line',
      structNumField: 'S',
    });
    const r2 = await create(projectPayload(companyId, { kmzs: [spellings] }));
    expect(r2.statusCode).toBe(400);
    expect(r2.json().files[0].errorRows[0]).toMatchObject({
      rowNumber: 3,
      reasons: [ROW_ERROR_MESSAGES.duplicate(2)],
    });

    const a = await mapped(simple, { name: 'first.csv', lineNameField: 'Line', structNumField: 'Structure' });
    const b = await mapped(simple, {
      name: 'second.csv',
      lineNameField: 'Line',
      structNumField: 'Structure',
    });
    const r3 = await create(projectPayload(companyId, { kmzs: [a, b] }));
    expect(r3.statusCode).toBe(400);
    expect(r3.json().files).toHaveLength(1);
    expect(r3.json().files[0]).toMatchObject({
      name: 'second.csv',
      errorRowCount: 3,
      reasons: ['3 rows have errors.', 'The file has no valid structures.'],
    });
    expect(r3.json().files[0].errorRows[0].reasons).toEqual([
      'Duplicate structure on this line (first in first.csv, row 2).',
    ]);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses names longer than their columns (line 50, structure 100)', async () => {
    const long = `${'L'.repeat(51)},1,38.8,-97.6\nOK,${'9'.repeat(101)},38.8,-97.6\nOK,fine,38.8,-97.6\n`;
    const kmz = await mapped(`Line,S,lat,lon\n${long}`, { lineNameField: 'Line', structNumField: 'S' });
    const res = await create(projectPayload(companyId, { kmzs: [kmz] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().files[0].errorRows.map((r: { reasons: string[] }) => r.reasons)).toEqual([
      ['Line name is longer than 50 characters.'],
      ['Structure name is longer than 100 characters.'],
    ]);
  });

  it('never trusts the client: coordinate problems, wrong columns, unknown and KMZ urls', async () => {
    const before = await tableCounts();
    const noLon = await mapped('Line,S,lat\nL1,1,38.8\n', { lineNameField: 'Line', structNumField: 'S' });
    const r1 = await create(projectPayload(companyId, { kmzs: [{ ...noLon, lonField: 'S' }] }));
    // A longitude picked by hand cannot be a name column: the spec's message stays, with why the pick fails.
    expect(r1.json().files[0].reasons).toContain(IMPORT_CHOICE_MESSAGES.coordinateIsName);
    expect(r1.json().files[0].reasons.at(-1)).toMatch(/^Missing longitude column\/field\. One latitude/);

    const ok = await mapped(simple, { lineNameField: 'Line', structNumField: 'Structure' });
    const r2 = await create(projectPayload(companyId, { kmzs: [{ ...ok, latField: 'Structure' }] }));
    expect(r2.json().files[0].reasons).toEqual([
      "The file's latitude and longitude columns are Latitude and Longitude; choose the file again.",
    ]);
    const r3 = await create(projectPayload(companyId, { kmzs: [{ ...ok, structNumField: 'Latitude' }] }));
    expect(r3.json().files[0].reasons).toContain(
      'The Structure Name column cannot be a latitude or longitude column.',
    );
    const r4 = await create(projectPayload(companyId, { kmzs: [{ ...ok, structNumField: 'Nope' }] }));
    expect(r4.json().files[0].reasons).toContain('The file has no column named "Nope".');

    const r5 = await create(
      projectPayload(companyId, { kmzs: [{ ...ok, url: 'uploads/csv/not-issued.csv' }] }),
    );
    expect(r5.json().files[0].reasons).toEqual(['File not found. Upload it again.']);

    const sign = await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=kmz', headers: pm });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: pathOf(sign.json().signedRequest),
      payload: 'PK',
      headers: { 'content-type': 'application/vnd.google-earth.kmz' },
    });
    expect(put.statusCode).toBe(200);
    const r6 = await create(projectPayload(companyId, { kmzs: [{ ...ok, url: sign.json().url }] }));
    expect(r6.json().files[0].reasons).toEqual([KMZ_NOT_SUPPORTED]);

    for (const r of [r1, r2, r3, r4, r5, r6]) expect(r.statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it('creates one inspection per structure and annotation component on a component project', async () => {
    const [components] = await sqlRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from components`,
    );
    const kmz = await mapped(simple, { lineNameField: 'Line', structNumField: 'Structure' });
    const res = await create(projectPayload(companyId, { inspection_type: '1', kmzs: [kmz] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toMatchObject({ structures: 3, inspections: 3 * components!.n });
    expect(components!.n).toBeGreaterThan(1);
  });

  it('adds files to an existing project on update, refusing structures it already has', async () => {
    const first = await mapped(simple, { lineNameField: 'Line', structNumField: 'Structure' });
    const payload = projectPayload(companyId, { kmzs: [first] });
    const id = (await create(payload)).json().id;
    const more = await mapped('Line,Structure,lat,lon\nL1,3,38.83,-97.63\n', {
      lineNameField: 'Line',
      structNumField: 'Structure',
    });
    const update = (kmzs: object[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/projects/upsert',
        payload: { ...payload, id, kmzs },
        headers: pm,
      });
    const added = await update([more]);
    expect(added.statusCode).toBe(200);
    expect(added.json().imported).toEqual({
      files: 1,
      structures: 1,
      skippedRows: 0,
      lines: 1,
      inspections: 1,
    });

    const again = await update([
      await mapped(simple, { lineNameField: 'Line', structNumField: 'Structure' }),
    ]);
    expect(again.statusCode).toBe(400);
    expect(again.json().files[0].errorRows[0].reasons).toEqual([
      'The project already has this structure on this line.',
    ]);
    const counts = await ctx.app.inject({ url: `/api/v1/structures/counts/${id}`, headers: pm });
    expect(counts.json().total_struct_count).toBe(4);
  });

  it('imports a generated 100,000-row file', { timeout: 120_000 }, async () => {
    const lines = ['Line,Structure,Latitude,Longitude'];
    for (let i = 0; i < 100_000; i++) {
      lines.push(
        `Line ${i % 40},${i},${(38 + (i % 1000) * 0.001).toFixed(6)},${(-97 - Math.floor(i / 1000) * 0.001).toFixed(6)}`,
      );
    }
    const kmz = await mapped(`${lines.join('\n')}\n`, {
      name: 'big.csv',
      lineNameField: 'Line',
      structNumField: 'Structure',
    });
    const started = performance.now();
    const res = await create(projectPayload(companyId, { kmzs: [kmz] }));
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toEqual({
      files: 1,
      structures: 100_000,
      skippedRows: 0,
      lines: 40,
      inspections: 100_000,
    });
    console.info(
      `100k-row import on ${ctx.database.kind}: ${seconds.toFixed(1)} s (${Math.round(100_000 / seconds)} rows/s)`,
    );
  });
});
