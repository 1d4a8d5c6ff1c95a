import { randomUUID } from 'node:crypto';
import {
  addDays,
  BID_MESSAGES,
  isoDateOf,
  KMZ_LIMITS,
  KMZ_MAPPING_MESSAGES,
  KMZ_MESSAGES,
  ROW_ERROR_MESSAGES,
} from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { kmlDocument, kmzOf, uploadKmz } from '../../testing/kmzFiles.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { PROJECT_SERVER_MESSAGES } from '../projects/projects.service.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let admin: Record<string, string>;
let companyId: number;
const today = () => isoDateOf(new Date(), 'UTC');
let sequence = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Prairie Bid Electric');
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  admin = bearer(await loginToken(ctx.app, await createUser(db, 'super_admin')));
});
afterAll(() => ctx.close());

/** Two folders (lines) of towers, tower numbers in ExtendedData, one line placemark that is not a structure. */
const towersKml = (prefix = 'T') =>
  kmlDocument({
    'North Line': [
      { name: `${prefix}1`, point: '-97.61,38.84', data: { tower: `${prefix}-1`, voltage: '115 kV' } },
      { name: `${prefix}2`, point: '-97.62,38.85', data: { tower: `${prefix}-2`, voltage: '115 kV' } },
      { name: 'North span', point: null },
    ],
    'South Line': [{ name: `${prefix}3`, point: '-97.63,38.70', simple: { tower: `${prefix}-3` } }],
  });

const bidPayload = (kmzs: unknown[], overrides: { bid?: object; project?: object } = {}) => {
  const name = `Bid Project ${process.pid} ${++sequence}`;
  return {
    bid: {
      rfp_name: `RFP ${name}`,
      project_duration: addDays(today(), 30),
      company_id: companyId,
      state: 'KS',
      city: 'Salina',
      contact_email: 'buyer@example.test',
      ...overrides.bid,
    },
    project: {
      project_name: name,
      start_date: addDays(today(), 1),
      due_date: addDays(today(), 30),
      num_pilots: 2,
      structure_assignment_type: 'ratio',
      pilot_struct_day: 40,
      ...overrides.project,
    },
    kmzs,
  };
};

const mapped = async (body: Buffer | string = kmzOf(towersKml()), name = 'towers.kmz', headers = pm) => ({
  url: await uploadKmz(ctx.app, headers, body),
  name,
  lineField: 'folder',
  structureField: 'data:tower',
});

const post = (payload: object, headers = pm) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/bids', payload, headers });
const getFields = async (body: Buffer | string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/kmz/getFields',
    payload: { url: await uploadKmz(ctx.app, pm, body) },
    headers: pm,
  });

const check = (kmzs: object[], headers = pm) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/bids/kmzCheck', payload: { kmzs }, headers });

/** The import job's state, result and error once it has run. */
async function jobOutcome(jobId: number) {
  const [row] = await sqlRows<{
    state: string;
    result: Record<string, number> | null;
    error: string | null;
  }>(ctx.database.db, sql`select state, result, last_error as error from jobs where id = ${jobId}`);
  return row!;
}

async function counts() {
  const [row] = await sqlRows<Record<string, number>>(
    ctx.database.db,
    sql`select (select count(*) from bids)::int as bids, (select count(*) from projects)::int as projects,
               (select count(*) from structures)::int as structures,
               (select count(*) from source_files)::int as files, (select count(*) from jobs)::int as jobs`,
  );
  return row as Record<'bids' | 'projects' | 'structures' | 'files' | 'jobs', number>;
}

describe('POST /api/v1/kmz/getFields with a KMZ', () => {
  it('lists the placemark name, the folder and each ExtendedData field with samples from point placemarks', async () => {
    const res = await getFields(kmzOf(towersKml()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'kmz',
      fields: [
        { name: 'name', label: 'Placemark name', source: 'placemark', samples: ['T1', 'T2', 'T3'] },
        { name: 'folder', label: 'Folder', source: 'folder', samples: ['North Line', 'South Line'] },
        { name: 'data:tower', label: 'tower', source: 'data', samples: ['T-1', 'T-2', 'T-3'] },
        { name: 'data:voltage', label: 'voltage', source: 'data', samples: ['115 kV'] },
      ],
      points: 3,
      otherPlacemarks: 1,
      folders: 2,
      error: null,
    });
  });

  it('reads a plain .kml uploaded the same way, and decodes entities and CDATA', async () => {
    const kml = kmlDocument({}, [{ name: 'A & B', point: '-97,38' }]).replace(
      '<name>Test</name>',
      '<name><![CDATA[x]]></name>',
    );
    const res = await getFields(kml);
    expect(res.statusCode).toBe(200);
    expect(res.json().fields[0].samples).toEqual(['A & B']);
  });

  it('says when a file has no point placemarks', async () => {
    const res = await getFields(kmzOf(kmlDocument({ Lines: [{ name: 'span', point: null }] })));
    expect(res.json()).toMatchObject({ points: 0, otherPlacemarks: 1, error: KMZ_MESSAGES.noPoints });
  });
});

describe('hostile and broken files', () => {
  const refused = async (body: Buffer | string, message: string) => {
    const started = Date.now();
    const res = await getFields(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_file', message });
    return Date.now() - started;
  };

  it('refuses a DOCTYPE: entity expansion (billion laughs) and external entities (XXE)', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><kml><Document><Placemark><name>&lol3;</name>' +
      '<Point><coordinates>-97,38</coordinates></Point></Placemark></Document></kml>';
    await refused(kmzOf(laughs), KMZ_MESSAGES.doctype);
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><kml><Document>' +
      '<Placemark><name>&xxe;</name><Point><coordinates>-97,38</coordinates></Point></Placemark></Document></kml>';
    await refused(xxe, KMZ_MESSAGES.doctype);
  });

  it('stops a zip bomb early by its expansion, whatever the zip headers say', async () => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((err, chunk) => {
      if (err) throw err;
      parts.push(chunk);
    });
    // Streamed: sizes are unknown in the local header (a data descriptor follows), as a lying header is.
    const entry = new ZipDeflate('doc.kml', { level: 9 });
    zip.add(entry);
    entry.push(new TextEncoder().encode('<kml><Document><name>'));
    const block = new Uint8Array(8 * 1024 * 1024).fill(0x41);
    for (let i = 0; i < 14; i++) entry.push(block); // 112 MB of 'A' in ~110 kB
    entry.push(new TextEncoder().encode('</name></Document></kml>'), true);
    zip.end();
    const bomb = Buffer.concat(parts);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused(bomb, KMZ_MESSAGES.zipBomb);
  }, 120_000);

  it('stops a KML past the uncompressed limit even at an ordinary compression ratio', async () => {
    // Random-looking text compresses ~1.5 times: 101 MB in a ~70 MB file would pass no ratio check, but
    // exceeds the 50 MB file limit first. A plain KML past 100 MB is refused by the file limit as well.
    const text = Buffer.alloc(KMZ_LIMITS.fileBytes + 1024, 0x20);
    await refused(text, KMZ_MESSAGES.fileTooLarge);
  }, 120_000);

  it('refuses a zip without a KML, a file that is neither, broken XML and absurd nesting', async () => {
    await refused(Buffer.from(zipSync({ 'images/a.png': strToU8('png') })), KMZ_MESSAGES.noKml);
    await refused(Buffer.from([0x50, 0x4b, 3, 4, 1, 2, 3]), KMZ_MESSAGES.badZip);
    await refused('just some text, not XML', KMZ_MESSAGES.notKml);
    const broken = await getFields(kmzOf('<kml><Document><Placemark><name>x</Document></kml>'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The KML is not well-formed XML: /);
    await refused(`<kml>${'<Folder>'.repeat(150)}`, KMZ_MESSAGES.tooDeep);
  });
});

describe('POST /api/v1/bids', () => {
  it('creates the bid and, in a job, its project with one KMZ structure per point placemark', async () => {
    const before = await counts();
    const payload = bidPayload([await mapped()]);
    const res = await post(payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, success: true });
    // The save answers before any structure is written: the job reads and writes them.
    const project = await ctx.app.inject({ url: `/api/v1/projects/${body.project_id}`, headers: pm });
    expect(project.json()).toMatchObject({ importing: { jobId: body.jobId }, structures: 0 });
    expect((await counts()).structures).toBe(before.structures);

    await runDueJobs(ctx.app.deps);
    expect((await jobOutcome(body.jobId)).result).toMatchObject({ structures: 3, lines: 2, skipped: 0 });
    const detail = (await ctx.app.inject({ url: `/api/v1/projects/${body.project_id}`, headers: pm })).json();
    expect(detail).toMatchObject({
      project_name: payload.project.project_name,
      company_id: companyId,
      structures: 3,
      importing: null,
      structure_assignment_type: 'ratio',
      num_pilots: 2,
      pilot_struct_day: 40,
      closest_city: 'Salina',
      time_zone: 'America/Chicago',
    });
    expect(detail.kmzs).toEqual([expect.objectContaining({ name: 'towers.kmz', kind: 'kmz' })]);
    const structures = await sqlRows<{ line: string; struct_num: string; source: number; lat: number }>(
      ctx.database.db,
      sql`select l.line_name as line, s.struct_num, s.structure_source_type_id as source, s.location[1] as lat
          from structures s join lines l on l.id = s.line_id where s.project_id = ${body.project_id}
          order by s.struct_num`,
    );
    expect(structures).toEqual([
      { line: 'North Line', struct_num: 'T-1', source: 2, lat: 38.84 },
      { line: 'North Line', struct_num: 'T-2', source: 2, lat: 38.85 },
      { line: 'South Line', struct_num: 'T-3', source: 2, lat: 38.7 },
    ]);
    const after = await counts();
    expect(after.bids - before.bids).toBe(1);

    const list = await ctx.app.inject({ url: '/api/v1/bids', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({
      id: body.id,
      rfp_name: payload.bid.rfp_name,
      company_name: 'Prairie Bid Electric',
      project_id: body.project_id,
      structures: 3,
      files: ['towers.kmz'],
      state: 'KS',
      importing: null,
      created_by_name: 'Test project_manager',
    });
    const [audit] = await sqlRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from audit_log where action = 'bid.create' and object_id = ${String(body.id)}`,
    );
    expect(audit!.n).toBe(1);
  });

  it('takes a fixed line name instead of a line field, and the placemark name as the structure', async () => {
    const file = { ...(await mapped()), lineField: null, lineName: 'Feeder 12', structureField: 'name' };
    const res = await post(bidPayload([file]));
    expect(res.statusCode).toBe(200);
    await runDueJobs(ctx.app.deps);
    expect((await jobOutcome(res.json().jobId)).result).toMatchObject({ structures: 3, lines: 1 });
  });

  it("takes field names as getFields offered them or as labelled ('Placemark name', 'Folder')", async () => {
    const file = { ...(await mapped()), lineField: 'Folder', structureField: 'Placemark name' };
    const checked = await check([file]);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().files[0]).toMatchObject({ validRows: 3, errorRowCount: 0, reasons: [] });
    const res = await post(bidPayload([{ ...file, structureField: 'tower' }]));
    await runDueJobs(ctx.app.deps);
    expect((await jobOutcome(res.json().jobId)).result).toMatchObject({ structures: 3, lines: 2 });
  });

  it('offers only fields the placemarks have, and their extension elements (a DJI wpml:index)', async () => {
    const kml =
      '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2" xmlns:wpml="http://www.dji.com/wpmz/1.0.6">' +
      '<Document><Folder><Placemark><Point><coordinates>-101.1,49.7</coordinates></Point>' +
      '<wpml:index>0</wpml:index></Placemark><Placemark><Point><coordinates>-101.2,49.7</coordinates></Point>' +
      '<wpml:index>1</wpml:index></Placemark></Folder></Document></kml>';
    const fields = (await getFields(kmzOf(kml))).json();
    expect(fields.fields.map((f: { name: string; label: string }) => [f.name, f.label])).toEqual([
      ['data:wpml:index', 'wpml:index'],
    ]);
    const file = {
      ...(await mapped(kmzOf(kml))),
      lineField: null,
      lineName: 'Seed',
      structureField: 'wpml:index',
    };
    expect((await check([file])).json().files[0]).toMatchObject({ validRows: 2, reasons: [] });
    const byName = (await check([{ ...file, structureField: 'name' }])).json().files[0];
    expect(byName.reasons).toEqual([KMZ_MESSAGES.fieldNotInFile('Placemark name')]);
  });

  it('states each bid form rule with its message and writes nothing', async () => {
    const before = await counts();
    const file = await mapped();
    const cases: Array<[object, string, string]> = [
      [{ bid: { rfp_name: '' } }, 'body.bid.rfp_name', BID_MESSAGES.rfpNameRequired],
      [{ bid: { rfp_name: undefined } }, 'body.bid.rfp_name', BID_MESSAGES.rfpNameRequired],
      [{ bid: { project_duration: '' } }, 'body.bid.project_duration', BID_MESSAGES.durationRequired],
      [{ bid: { project_duration: undefined } }, 'body.bid.project_duration', BID_MESSAGES.durationRequired],
      [
        { bid: { project_duration: addDays(today(), -2) } },
        'body.bid.project_duration',
        BID_MESSAGES.durationBeforeToday,
      ],
      [{ bid: { company_id: undefined } }, 'body.bid.company_id', BID_MESSAGES.customerRequired],
      [{ bid: { company_id: -1 } }, 'body.bid.company_id', BID_MESSAGES.customerRequired],
      [{ bid: { company_id: 999_999 } }, 'body.bid.company_id', BID_MESSAGES.customerRequired],
      [{ bid: { state: 'PR' } }, 'body.bid.state', BID_MESSAGES.state],
      [{ bid: { contact_email: 'nope' } }, 'body.bid.contact_email', BID_MESSAGES.email],
      [{ project: { project_name: '' } }, 'body.project.project_name', 'Project Name is required.'],
      [
        { project: { start_date: addDays(today(), -2) } },
        'body.project.start_date',
        'Start date cannot be before today.',
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const res = await post(bidPayload([file], overrides));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().issues, message).toContainEqual({ path, message });
    }
    const noFiles = await post(bidPayload([]));
    expect(noFiles.json().issues).toContainEqual({ path: 'body.kmzs', message: BID_MESSAGES.kmzRequired });
    const unmapped = await post(bidPayload([{ ...file, lineField: null }]));
    expect(unmapped.json().issues).toContainEqual({
      path: 'body.kmzs.0.lineName',
      message: KMZ_MAPPING_MESSAGES.lineRequired,
    });
    const noStructure = await post(bidPayload([{ ...file, structureField: '' }]));
    expect(noStructure.json().issues).toContainEqual({
      path: 'body.kmzs.0.structureField',
      message: KMZ_MAPPING_MESSAGES.structureRequired,
    });
    expect(await counts()).toEqual(before);
  });

  it("writes the skip choice's counts in the reason as the form writes them (1,001, not 1001)", async () => {
    const towers = Array.from({ length: 1001 }, (_, i) => ({
      name: `T${i}`,
      point: `${-97 - i / 10_000},38`,
    }));
    const file = {
      ...(await mapped(
        kmzOf(kmlDocument({ L1: [...towers, { name: 'T0', point: '-96.5,38' }] })),
        'many.kmz',
      )),
      structureField: 'name',
    };
    const checked = await check([file]);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().files[0]).toMatchObject({
      validRows: 1001,
      errorRowCount: 1,
      reasons: ["1 placemark cannot be imported. Choose 'Import 1,001 valid rows, skip 1' or fix the file."],
    });
  });

  it('accepts DC and every other optional field empty', async () => {
    const res = await post(
      bidPayload([await mapped()], { bid: { state: 'DC', city: null, contact_email: '', abbreviation: '' } }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('lists each bad file with its reasons and first bad placemarks, and writes nothing', async () => {
    const before = await counts();
    const dupes = kmlDocument({
      L1: [
        { name: 'A', point: '-97,38', data: { tower: '7' } },
        { name: 'B', point: '-97.1,38', data: { tower: '7' } },
        { name: 'A again', point: '-97,38', data: { tower: '7' } },
        { name: 'C', point: '-97.2,38' },
        { name: 'D', point: '200,38', data: { tower: '9' } },
      ],
    });
    const good = await mapped(kmzOf(towersKml('Q')), 'good.kmz');
    const bad = await mapped(kmzOf(dupes), 'bad.kmz');
    const lines = await mapped(kmzOf(kmlDocument({ L: [{ name: 'span', point: null }] })), 'lines.kmz');
    const noField = { ...(await mapped()), name: 'other.kml', structureField: 'data:missing' };
    const hostile = await mapped(kmzOf('<!DOCTYPE kml><kml/>'), 'hostile.kmz');
    const checked = await check([good, bad, lines, noField, hostile]);
    expect(checked.statusCode).toBe(200);
    const all = checked.json().files;
    expect(all[0]).toMatchObject({ name: 'good.kmz', validRows: 3, reasons: [] });
    const files = all.slice(1);
    expect(files[0]).toMatchObject({
      points: 5,
      validRows: 1,
      repeated: 1,
      errorRowCount: 3,
      duplicates: 1,
      tooLong: 0,
      reasons: ["3 placemarks cannot be imported. Choose 'Import 1 valid rows, skip 3' or fix the file."],
    });
    expect(
      files[0].errorRows.map((r: { rowNumber: number; reasons: string[] }) => [r.rowNumber, r.reasons]),
    ).toEqual([
      [2, [ROW_ERROR_MESSAGES.duplicate(1)]],
      [4, [ROW_ERROR_MESSAGES.missingStructure]],
      [5, [ROW_ERROR_MESSAGES.longitudeRange]],
    ]);
    expect(files[1].reasons).toEqual([KMZ_MESSAGES.noPoints]);
    expect(files[2].reasons).toEqual([KMZ_MESSAGES.fieldNotInFile('missing')]);
    expect(files[3].reasons).toEqual([KMZ_MESSAGES.doctype]);
    expect(await counts()).toEqual(before);

    // Saved anyway, the job refuses it for the same reasons and takes the bid and its project back.
    const res = await post(bidPayload([good, bad]));
    expect(res.statusCode).toBe(200);
    await runDueJobs(ctx.app.deps);
    const outcome = await jobOutcome(res.json().jobId);
    expect(outcome.state).toBe('failed');
    expect(outcome.error).toContain('bad.kmz: 3 placemarks cannot be imported.');
    expect(await counts()).toMatchObject({ bids: before.bids, projects: before.projects });
  });

  it('imports the valid placemarks and skips the rest when chosen, and lists the skipped ones as a CSV', async () => {
    const kml = kmlDocument({
      [`L${'x'.repeat(60)}`]: [{ name: 'long', point: '-97,38', data: { tower: '1' } }],
      L2: [
        { name: 'A', point: '-97,38.1', data: { tower: '7' } },
        { name: 'B', point: '-97.1,38.1', data: { tower: '7' } },
        { name: 'C', point: '-97.2,38.1', data: { tower: '8' } },
      ],
    });
    const file = { ...(await mapped(kmzOf(kml), 'mixed.kmz')), skipInvalidRows: true };
    const checked = (await check([file])).json().files[0];
    expect(checked).toMatchObject({ validRows: 2, errorRowCount: 2, duplicates: 1, tooLong: 1, reasons: [] });
    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bids/kmzSkippedRows',
      payload: { kmzs: [file], index: 0 },
      headers: pm,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Row,Line,Structure,Latitude,Longitude,Reason');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['1', '3']);
    expect(lines[1]).toContain(ROW_ERROR_MESSAGES.lineTooLong);
    expect(lines[2]).toContain(ROW_ERROR_MESSAGES.duplicate(2));

    const res = await post(bidPayload([file]));
    expect(res.statusCode).toBe(200);
    await runDueJobs(ctx.app.deps);
    expect((await jobOutcome(res.json().jobId)).result).toMatchObject({ structures: 2, skipped: 2 });
    const rows = await sqlRows<{ struct_num: string }>(
      ctx.database.db,
      sql`select struct_num from structures where project_id = ${res.json().project_id} order by struct_num`,
    );
    expect(rows.map((r) => r.struct_num)).toEqual(['7', '8']);
  });

  it('writes a placemark repeated exactly (a tower shared by two lines of an export) once', async () => {
    const kml = kmlDocument({}, [
      { name: 'X1', point: '-97.3,38.3' },
      { name: 'X2', point: '-97.4,38.3' },
      { name: 'X1', point: '-97.3,38.3' },
      { name: 'X3', point: '-97.5,38.3' },
    ]);
    const file = {
      ...(await mapped(kmzOf(kml))),
      lineField: null,
      lineName: 'Shared',
      structureField: 'name',
    };
    const res = await post(bidPayload([file]));
    await runDueJobs(ctx.app.deps);
    expect((await jobOutcome(res.json().jobId)).result).toMatchObject({
      structures: 3,
      repeated: 1,
      lines: 1,
    });
    const rows = await sqlRows<{ struct_num: string }>(
      ctx.database.db,
      sql`select struct_num from structures where project_id = ${res.json().project_id} order by id`,
    );
    expect(rows.map((r) => r.struct_num)).toEqual(['X1', 'X2', 'X3']);
  });

  it('refuses a structure repeated across two files of the bid', async () => {
    const a = await mapped(kmzOf(towersKml('R')), 'a.kmz');
    // The same towers at other points: names repeated on their lines.
    const b = await mapped(kmzOf(towersKml('R').replaceAll('38.', '39.')), 'b.kmz');
    const res = await check([a, b]);
    expect(res.json().files[0].reasons).toEqual([]);
    expect(res.json().files[1].errorRows[0].reasons[0]).toMatch(
      /^Duplicate structure on this line \(first in a\.kmz/,
    );
  });

  it('answers a repeated save with the first result, and of two saves of one name exactly one wins', async () => {
    const payload = { ...bidPayload([await mapped()]), request_id: randomUUID() };
    const before = await counts();
    const [first, second] = await Promise.all([post(payload), post(payload)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const again = await post(payload);
    expect(again.json()).toEqual(first.json());
    expect((await counts()).bids - before.bids).toBe(1);

    const racing = bidPayload([await mapped()]);
    const results = await Promise.all([post(racing), post({ ...racing, kmzs: [await mapped()] })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({
      code: 'project_name_taken',
      message: PROJECT_SERVER_MESSAGES.nameTaken(racing.project.project_name),
    });
    expect((await counts()).bids - before.bids).toBe(2);
  });

  it('uses only uploads the caller signed', async () => {
    const otherPm = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'project_manager')));
    const theirs = await mapped(kmzOf(towersKml()), 'theirs.kmz', otherPm);
    const res = await post(bidPayload([theirs]));
    expect(res.statusCode).toBe(400);
    expect(res.json().files[0].reasons).toEqual([KMZ_MESSAGES.fileNotFound]);
  });

  it('takes back the bid and its project when the import fails for good', async () => {
    const file = await mapped();
    const res = await post(bidPayload([file]));
    expect(res.statusCode).toBe(200);
    await ctx.app.deps.storage.delete(file.url);
    await runDueJobs(ctx.app.deps);
    const [row] = await sqlRows<{ bids: number; projects: number; state: string }>(
      ctx.database.db,
      sql`select (select count(*) from bids where id = ${res.json().id})::int as bids,
                 (select count(*) from projects where id = ${res.json().project_id})::int as projects,
                 (select state from jobs where id = ${res.json().jobId}) as state`,
    );
    expect(row).toEqual({ bids: 0, projects: 0, state: 'failed' });
  });
});

describe('who reaches bids', () => {
  it('lets super admins and project managers in; other staff get 403, customers 403, strangers 401', async () => {
    const db = ctx.database.db;
    const inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
    const user = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
    const customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
    const file = await mapped();
    for (const headers of [inspector, user, customer]) {
      expect((await ctx.app.inject({ url: '/api/v1/bids', headers })).statusCode).toBe(403);
      expect((await post(bidPayload([file]), headers)).statusCode).toBe(403);
      const sign = await ctx.app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=kmz', headers });
      expect(sign.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/v1/bids' })).statusCode).toBe(401);
    expect((await post(bidPayload([file]), {})).statusCode).toBe(401);
    expect((await post(bidPayload([await mapped(undefined, 'x.kmz', admin)]), admin)).statusCode).toBe(200);
  });
});

describe('a bid is a proposal until it is won', () => {
  it("hides the bid's project from the customer until staff mark it won, then shows it like any other", async () => {
    const db = ctx.database.db;
    const customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
    const inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
    const res = await post(bidPayload([await mapped()]));
    expect(res.statusCode).toBe(200);
    const { id, project_id: projectId, jobId } = res.json();
    await runDueJobs(ctx.app.deps);
    expect((await jobOutcome(jobId)).state).toBe('succeeded');
    const listed = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ url: '/api/v1/projects', headers })).json() as unknown;
    const customerSees = async () => JSON.stringify(await listed(customer)).includes(`"id":${projectId},`);
    const staffRow = async () =>
      ((await listed(pm)) as { id: number; open_bid: boolean }[]).find((p) => p.id === projectId);
    const bidRow = async () =>
      (
        (await ctx.app.inject({ url: '/api/v1/bids', headers: pm })).json() as {
          id: number;
          status: string;
        }[]
      ).find((b) => b.id === id);

    // Open: staff see the project; its customer neither lists it nor reaches its pages, photos or structures.
    expect(await bidRow()).toMatchObject({ status: 'open', won_at: null });
    // Staff see it marked as a bid's proposal, in the list and on its page.
    expect(await staffRow()).toMatchObject({ open_bid: true });
    expect(
      (await ctx.app.inject({ url: `/api/v1/projects/${projectId}`, headers: pm })).json(),
    ).toMatchObject({ open_bid: true });
    expect(await customerSees()).toBe(false);
    for (const url of [
      `/api/v1/projects/${projectId}`,
      `/api/v1/inspections/${projectId}`,
      `/api/v1/inspections/counts/${projectId}`,
      `/api/v1/structures/overview?projectId=${projectId}`,
      `/api/v1/inspections/structures?projectId=${projectId}`,
    ]) {
      expect((await ctx.app.inject({ url, headers: customer })).statusCode, url).toBe(404);
      expect((await ctx.app.inject({ url, headers: pm })).statusCode, url).toBe(200);
    }
    // Only bid staff mark it won; an unknown bid is 404.
    for (const headers of [inspector, customer]) {
      const refused = await ctx.app.inject({ method: 'POST', url: `/api/v1/bids/${id}/won`, headers });
      expect(refused.statusCode).toBe(403);
    }
    expect((await bidRow())?.status).toBe('open');
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/v1/bids/99999999/won', headers: pm });
    expect(unknown.statusCode).toBe(404);

    // Two marks at once: both answer the one state; the customer now has the project.
    const [first, second] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: `/api/v1/bids/${id}/won`, headers: pm }),
      ctx.app.inject({ method: 'POST', url: `/api/v1/bids/${id}/won`, headers: admin }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id, status: 'won', project_id: projectId });
    expect(second.json().won_at).toBe(first.json().won_at);
    expect(await bidRow()).toMatchObject({ status: 'won', won_at: first.json().won_at });
    expect(await customerSees()).toBe(true);
    expect(await staffRow()).toMatchObject({ open_bid: false });
    expect(
      (await ctx.app.inject({ url: `/api/v1/projects/${projectId}`, headers: customer })).statusCode,
    ).toBe(200);
    const [audit] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log where action = 'bid.won' and object_id = ${String(id)}`,
    );
    expect(audit!.n).toBeGreaterThanOrEqual(1);
  });
});
