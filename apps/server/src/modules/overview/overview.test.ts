import { OVERVIEW_RISK_KEYS, summaryRisk } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotations, images, inspections } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createImage, createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let staff: Record<string, string>;
let ownCustomer: Record<string, string>;
let otherCustomer: Record<string, string>;
let projectId: number;
let lineA: number;
let lineB: number;
/** Structures of the risk cases, by name. */
const caseIds = new Map<string, number>();
let riskProjectId: number;

const get = (url: string, headers = staff) => ctx.app.inject({ url: `/api/v1${url}`, headers });

async function annotate(imageId: number, riskLevel: number, opts: { ai?: boolean } = {}) {
  const [{ n }] = (await sqlRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from annotations where image_id = ${imageId}`,
  )) as [{ n: number }];
  await ctx.database.db.insert(annotations).values({
    imageId,
    annotationNumber: n + 1,
    shape: 'rect',
    riskLevel,
    ...(opts.ai ? { modelId: null } : {}),
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Overview Utility');
  const otherCompanyId = await createCompany(db, 'Overview Other Utility');
  staff = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
  ownCustomer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db, 'customer', { companyId: otherCompanyId })),
  );

  // 120 structures on two lines for paging, sorting and filters.
  projectId = await createProject(db, companyId, { projectName: 'Overview Paging' });
  lineA = await createLine(db, companyId, projectId, 'Alpha Feeder');
  lineB = await createLine(db, companyId, projectId, 'Bravo Feeder');
  await createStructures(db, projectId, lineA, 100, { prefix: 'A-' });
  await createStructures(db, projectId, lineB, 20, { prefix: 'B-' });

  // One structure per risk case.
  riskProjectId = await createProject(db, companyId, { projectName: 'Overview Risk Cases' });
  const line = await createLine(db, companyId, riskProjectId, 'Risk Line');
  const names = [
    'no-photos',
    'photos-pending',
    'reshoot',
    'complete-no-risk',
    'complete-risk-1',
    'complete-minor',
    'complete-significant',
    'complete-urgent',
    'complete-major',
    'annotation-raises',
    'rejected-annotation',
    '=HYPERLINK("x")',
  ];
  for (const name of names) {
    const { structureIds, inspectionIds } = await createStructures(db, riskProjectId, line, 1, {
      prefix: name,
    });
    caseIds.set(name, structureIds[0]!);
    const structureId = structureIds[0]!;
    const inspectionId = inspectionIds[0]!;
    const complete = (risk: number | null) =>
      db.execute(sql`update inspections set review_status = 'Complete', date_reviewed = now(),
        max_risk_level = ${risk} where id = ${inspectionId}`);
    if (name === 'no-photos') continue;
    const imageId = await createImage(db, riskProjectId, structureId);
    if (name === 'reshoot') {
      await db.execute(
        sql`update inspections set review_status = 'Reshoot Requested' where id = ${inspectionId}`,
      );
    }
    if (name === 'complete-no-risk') await complete(null);
    if (name === 'complete-risk-1') await complete(1);
    if (name === 'complete-minor') await complete(2);
    if (name === 'complete-significant') await complete(3);
    if (name === 'complete-urgent') await complete(4);
    if (name === 'complete-major' || name === '=HYPERLINK("x")') await complete(5);
    if (name === 'annotation-raises') {
      await complete(2);
      await annotate(imageId, 4);
      await annotate(imageId, 3);
      await annotate(imageId, 1);
    }
    if (name === 'rejected-annotation') {
      await complete(1);
      const rejected = await createImage(db, riskProjectId, structureId);
      await annotate(rejected, 5);
      await db.execute(sql`update images set reject_datetime = now() where id = ${rejected}`);
      await db.execute(sql`update images set archived_date = now() where id = ${imageId}`);
    }
  }
});
afterAll(() => ctx.close());

describe('GET /api/v1/structures', () => {
  it('pages by 50 in natural structure order with the total', async () => {
    const first = await get(`/structures?projectId=${projectId}`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(120);
    expect(body.structures).toHaveLength(50);
    expect(body.structures.slice(0, 3).map((s: { struct_num: string }) => s.struct_num)).toEqual([
      'A-1',
      'A-2',
      'A-3',
    ]);
    expect(body.structures[9].struct_num).toBe('A-10');
    const third = (await get(`/structures?projectId=${projectId}&limit=50&offset=100`)).json();
    expect(third.structures.map((s: { struct_num: string }) => s.struct_num)).toEqual(
      Array.from({ length: 20 }, (_, i) => `B-${i + 1}`),
    );
    const past = (await get(`/structures?projectId=${projectId}&offset=500`)).json();
    expect(past).toEqual({ structures: [], total: 120 });
  });

  it('answers every field of the spec row', async () => {
    const row = (await get(`/structures?projectId=${projectId}&limit=1`)).json().structures[0];
    expect(row).toEqual({
      structure_id: expect.any(Number),
      struct_num: 'A-1',
      line_id: lineA,
      line_name: 'Alpha Feeder',
      line_num: null,
      company_id: expect.any(Number),
      component: null,
      component_id: null,
      latitude: 38.8,
      longitude: -97.6,
      image_count: 0,
      archived_count: 0,
      image_ids: [],
      max_risk_level: null,
      issue_count: 0,
      uploaded_image_count: 0,
      review_status: '',
      inspection_id: expect.any(Number),
      risk: 'notAcquired',
    });
  });

  it('filters by lines in either spelling and by the search text', async () => {
    for (const q of [`lineId[]=${lineB}`, `lineId=${lineB}`, `lineId=${lineB},${lineB}`]) {
      const body = (await get(`/structures?projectId=${projectId}&${q}`)).json();
      expect(body.total, q).toBe(20);
    }
    const both = (await get(`/structures?projectId=${projectId}&lineId[]=${lineA}&lineId[]=${lineB}`)).json();
    expect(both.total).toBe(120);
    expect((await get(`/structures?projectId=${projectId}&q=a-10`)).json().total).toBe(2); // A-10, A-100
    expect((await get(`/structures?projectId=${projectId}&q=bravo`)).json().total).toBe(20);
    // Wildcards are taken literally.
    expect((await get(`/structures?projectId=${projectId}&q=%25`)).json().total).toBe(0);
    expect((await get(`/structures?projectId=${projectId}&q=_`)).json().total).toBe(0);
  });

  it('sorts names naturally whatever their shape', async () => {
    const db = ctx.database.db;
    const companyId = await createCompany(db, 'Overview Natural');
    const pid = await createProject(db, companyId);
    const line = await createLine(db, companyId, pid, 'Natural Line');
    await createStructures(db, pid, line, 11, { prefix: '3/' });
    const body = (await get(`/structures?projectId=${pid}`)).json();
    expect(body.structures.map((s: { struct_num: string }) => s.struct_num)).toEqual(
      Array.from({ length: 11 }, (_, i) => `3/${i + 1}`),
    );
  });

  it('sorts by line name and direction, with the structure order breaking ties', async () => {
    const body = (
      await get(`/structures?projectId=${projectId}&orderBy=line_name&order=desc&limit=3`)
    ).json();
    expect(body.structures.map((s: { struct_num: string }) => s.struct_num)).toEqual(['B-1', 'B-2', 'B-3']);
    const byNum = (
      await get(`/structures?projectId=${projectId}&orderBy=struct_num&order=DESC&limit=2`)
    ).json();
    expect(byNum.structures.map((s: { struct_num: string }) => s.struct_num)).toEqual(['B-20', 'B-19']);
  });

  it("computes the risk key of spec 2 §4 exactly as the domain's summaryRisk", async () => {
    const body = (await get(`/structures?projectId=${riskProjectId}&limit=500`)).json();
    const byName = new Map(
      body.structures.map((s: { struct_num: string }) => [s.struct_num.replace(/1$/, ''), s]),
    );
    const expected: Record<string, string> = {
      'no-photos': 'notAcquired',
      'photos-pending': 'notInspected',
      reshoot: 'notInspected',
      'complete-no-risk': 'satisfactory',
      'complete-risk-1': 'satisfactory',
      'complete-minor': 'minor',
      'complete-significant': 'significant',
      'complete-urgent': 'urgent',
      'complete-major': 'major',
      'annotation-raises': 'urgent',
      'rejected-annotation': 'satisfactory',
    };
    for (const [name, risk] of Object.entries(expected)) {
      const row = byName.get(name) as Parameters<typeof summaryRisk>[0] & { risk: string };
      expect(row.risk, name).toBe(risk);
      expect(summaryRisk(row).key, `${name} (domain rule)`).toBe(row.risk);
    }
    const raised = byName.get('annotation-raises') as Record<string, unknown>;
    expect(raised).toMatchObject({ max_risk_level: 4, issue_count: 2, review_status: 'Complete' });
    const rejected = byName.get('rejected-annotation') as Record<string, unknown>;
    expect(rejected).toMatchObject({
      image_count: 2,
      uploaded_image_count: 1,
      archived_count: 1,
      issue_count: 0,
    });
    expect((rejected.image_ids as number[]).length).toBe(2);
    expect(byName.get('reshoot')).toMatchObject({ review_status: 'Reshoot Requested' });
  });

  it('filters by a risk key and sorts by risk, with the total of the filter', async () => {
    const major = (await get(`/structures?projectId=${riskProjectId}&risk=major`)).json();
    expect(major.total).toBe(2);
    const worst = (
      await get(`/structures?projectId=${riskProjectId}&orderBy=risk&order=DESC&limit=3`)
    ).json();
    expect(worst.structures.map((s: { risk: string }) => s.risk)).toEqual(['major', 'major', 'urgent']);
    expect(worst.total).toBe(12);
    const issues = (
      await get(`/structures?projectId=${riskProjectId}&orderBy=issue_count&order=DESC&limit=1`)
    ).json();
    expect(issues.structures[0].issue_count).toBe(2);
  });

  it('answers one structure by structureId', async () => {
    const id = caseIds.get('complete-minor')!;
    const body = (await get(`/structures?projectId=${riskProjectId}&structureId=${id}`)).json();
    expect(body.total).toBe(1);
    expect(body.structures[0]).toMatchObject({ structure_id: id, risk: 'minor' });
    // A structure of another project is not found through this one.
    const other = (await get(`/structures?projectId=${projectId}&structureId=${id}`)).json();
    expect(other).toEqual({ structures: [], total: 0 });
  });

  it('lets customers read their own company only (404 otherwise) and refuses anonymous callers', async () => {
    expect((await get(`/structures?projectId=${projectId}`, ownCustomer)).statusCode).toBe(200);
    const other = await get(`/structures?projectId=${projectId}`, otherCustomer);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Project not found');
    expect((await get('/structures?projectId=999999')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/v1/structures?projectId=${projectId}` })).statusCode).toBe(401);
  });

  it.each([
    '',
    'projectId=abc',
    'limit=0',
    'limit=501',
    'offset=-1',
    'orderBy=password',
    'order=sideways',
    'risk=unknown',
    'lineId=abc',
    'lineId[]=0',
    `q=${'x'.repeat(101)}`,
    'q=%00',
  ])('answers 400 for bad input %s', async (query) => {
    const res = await get(
      `/structures?${query.startsWith('projectId') || query === '' ? '' : `projectId=${projectId}&`}${query}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('GET /api/v1/structures/overview', () => {
  it('answers the map columns and the count per risk key', async () => {
    const res = await get(`/structures/overview?projectId=${riskProjectId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(12);
    expect(body.structure_id).toHaveLength(12);
    expect(body.latitude[0]).toBe(38.8);
    expect(body.counts).toEqual({
      notAcquired: 1,
      notInspected: 2,
      satisfactory: 3,
      minor: 1,
      significant: 1,
      urgent: 2,
      major: 2,
    });
    const idx = body.structure_id.indexOf(caseIds.get('complete-significant'));
    expect(OVERVIEW_RISK_KEYS[body.risk[idx]]).toBe('significant');
  });

  it('applies the line and search filters and hides other companies', async () => {
    const body = (await get(`/structures/overview?projectId=${projectId}&lineId[]=${lineA}&q=A-9`)).json();
    expect(body.total).toBe(11); // A-9, A-90..A-99
    expect(body.counts.notAcquired).toBe(11);
    expect((await get(`/structures/overview?projectId=${projectId}`, otherCustomer)).statusCode).toBe(404);
    expect((await get('/structures/overview?projectId=x')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/structures/export', () => {
  it('streams CSV with a byte-order mark and formula cells neutralised', async () => {
    const res = await get(`/structures/export?projectId=${riskProjectId}&format=csv`, ownCustomer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Overview_Risk_Cases-structures.csv"',
    );
    expect(
      res.body.startsWith(
        '\uFEFFStructure,Line Name,Line Number,Latitude,Longitude,Risk,Risk Level,Issues,Images,Status\r\n',
      ),
    ).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(13);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")1",Risk Line,,38.8,-97.6,Major,5,0,1,Complete`);
    expect(res.body).toContain('annotation-raises1,Risk Line,,38.8,-97.6,Urgent,4,2,1,Complete');
    expect(res.body).toContain('no-photos1,Risk Line,,38.8,-97.6,Not Acquired,,0,0,Pending');
  });

  it('streams GeoJSON points with risk, issues and status, filtered like the table', async () => {
    const res = await get(`/structures/export?projectId=${riskProjectId}&format=geojson&risk=urgent`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json');
    const doc = JSON.parse(res.body);
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.name).toBe('Overview Risk Cases');
    expect(doc.features).toHaveLength(2);
    expect(doc.features[0]).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-97.6, 38.8] },
      properties: { risk: 'urgent', risk_label: 'Urgent', review_status: 'Complete', line_name: 'Risk Line' },
    });
  });

  it('streams KML Google Earth reads: a style per risk colour and a placemark per structure', async () => {
    const res = await get(`/structures/export?projectId=${riskProjectId}&format=kml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.google-earth.kml+xml');
    const kml = res.body;
    expect(
      kml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">'),
    ).toBe(true);
    expect(kml.trimEnd().endsWith('</Document>\n</kml>')).toBe(true);
    expect(kml.match(/<Style id="risk-/g)).toHaveLength(7);
    // Major is red #e03131, written aabbggrr.
    expect(kml).toContain('<Style id="risk-major"><IconStyle><color>ff3131e0</color>');
    expect(kml.match(/<Placemark>/g)).toHaveLength(12);
    // Markup in names is escaped; the placemark takes its risk's style.
    expect(kml).toContain(
      '<Placemark><name>=HYPERLINK(&quot;x&quot;)1</name><styleUrl>#risk-major</styleUrl>',
    );
    expect(kml).toContain('<Point><coordinates>-97.6,38.8,0</coordinates></Point>');
    expect(kml).toContain('<Data name="Issues"><value>2</value></Data>');
  });

  it('exports a large project completely across batches', async () => {
    const db = ctx.database.db;
    const companyId = await createCompany(db, 'Overview Export Size');
    const bigId = await createProject(db, companyId, { projectName: 'Overview Big' });
    const line = await createLine(db, companyId, bigId, 'Big Line');
    // One 4,500-row statement on a database whose statistics are still empty: the asset-registry trigger's
    // linking must stay linear there (it once read every asset of the company per structure: 30 s).
    await createStructures(db, bigId, line, 4500, { prefix: 'Z-', withInspections: false });
    const res = await get(`/structures/export?projectId=${bigId}&format=geojson`);
    const doc = JSON.parse(res.body);
    expect(doc.features).toHaveLength(4500);
    expect(new Set(doc.features.map((f: { id: number }) => f.id)).size).toBe(4500);
  });

  it("answers 404 for another company's project and 400 for an unknown format", async () => {
    expect(
      (await get(`/structures/export?projectId=${riskProjectId}&format=csv`, otherCustomer)).statusCode,
    ).toBe(404);
    expect((await get(`/structures/export?projectId=${riskProjectId}&format=xlsx`)).statusCode).toBe(400);
    expect((await get(`/structures/export?projectId=${riskProjectId}`)).statusCode).toBe(400);
  });
});

// Keep the schema imports used (inspections/images are referenced for clarity of what the factories write).
void inspections;
void images;
