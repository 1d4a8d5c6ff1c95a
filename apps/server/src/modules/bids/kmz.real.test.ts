import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, isoDateOf, KMZ_MESSAGES } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import type { App } from '../../platform/http/app.types.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { uploadKmz } from '../../testing/kmzFiles.ts';
import { openRealDataApp, REAL_DATA, type RealDataApp } from '../../testing/realDataApp.ts';
import { sqlRows } from '../../testing/rows.ts';

/**
 * The real KML/KMZ files of ../shared/data/real/kml through the real routes (sign → PUT → getFields →
 * POST /bids → the import job), read at run time, on an embedded database of its own.
 */
const KML = path.join(REAL_DATA, 'kml');

let app: App;
let database: Database;
let real: RealDataApp | undefined;
let pm: Record<string, string>;
let companyId: number;
const today = isoDateOf(new Date(), 'UTC');

beforeAll(async () => {
  if (!existsSync(KML)) throw new Error(`Real data folder not found: ${KML}`);
  real = await openRealDataApp('lw-real-kml-');
  ({ app, database } = real);
  companyId = await createCompany(database.db, 'Wesernetz Bremen');
  pm = bearer(await loginToken(app, await createUser(database.db, 'project_manager')));
});
afterAll(async () => {
  await real?.close();
});

const fieldsOf = async (file: string) => {
  const url = await uploadKmz(app, pm, readFileSync(path.join(KML, file)));
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/kmz/getFields',
    payload: { url },
    headers: pm,
  });
  return { url, res };
};

let sequence = 0;
const save = (kmzs: object[]) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/bids',
    headers: pm,
    payload: {
      bid: {
        rfp_name: `Bremen towers ${++sequence}`,
        project_duration: addDays(today, 60),
        company_id: companyId,
      },
      project: {
        project_name: `Bremen Towers ${sequence}`,
        start_date: addDays(today, 1),
        due_date: addDays(today, 60),
        num_pilots: 1,
      },
      kmzs,
    },
  });

describe('real KML and KMZ files', () => {
  it('reads the Bremen KMZ and its plain KML alike: folders as lines, OSM ids and refs as fields', async () => {
    const kmz = (await fieldsOf('osm_bremen_power_lines_towers.kmz')).res.json();
    const kml = (await fieldsOf('osm_bremen_power_lines_towers.kml')).res.json();
    expect(kml).toEqual(kmz);
    expect(kmz.points).toBeGreaterThan(1000);
    expect(kmz.otherPlacemarks).toBeGreaterThan(0);
    expect(kmz.folders).toBeGreaterThan(10);
    expect(kmz.fields.map((f: { name: string }) => f.name).slice(0, 3)).toEqual([
      'name',
      'folder',
      'data:osm_node_id',
    ]);
  });

  it('answers that the SWIS grid (lines only) has no structures', async () => {
    const { url, res } = await fieldsOf('SWIS_Grid.kml');
    expect(res.json()).toMatchObject({ points: 0, otherPlacemarks: 28, error: KMZ_MESSAGES.noPoints });
    const checked = await app.inject({
      method: 'POST',
      url: '/api/v1/bids/kmzCheck',
      headers: pm,
      payload: { kmzs: [{ url, name: 'SWIS_Grid.kml', lineName: 'SWIS', structureField: 'name' }] },
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().files[0].reasons).toEqual([KMZ_MESSAGES.noPoints]);
  });

  it('checks the Bremen towers while mapping, skips the refused ones, and saves without reading the file', async () => {
    const { url, res } = await fieldsOf('osm_bremen_power_lines_towers.kmz');
    const points: number = res.json().points;
    const check = (kmzs: object[]) =>
      app.inject({ method: 'POST', url: '/api/v1/bids/kmzCheck', headers: pm, payload: { kmzs } });
    // Folder names longer than 50 characters cannot be line names: counted before Save.
    const byFolder = { url, name: 'bremen.kmz', lineField: 'Folder', structureField: 'Placemark name' };
    const folderCheck = (await check([byFolder])).json().files[0];
    expect(folderCheck.tooLong).toBeGreaterThan(0);
    expect(folderCheck.reasons.length).toBeGreaterThan(0);
    expect(folderCheck.validRows + folderCheck.repeated + folderCheck.errorRowCount).toBe(points);
    const fixed = { url, name: 'bremen.kmz', lineName: 'Bremen 110 kV', structureField: 'name' };
    const fixedCheck = (await check([fixed])).json().files[0];
    expect(fixedCheck.duplicates).toBeGreaterThan(0);
    const skipping = { ...fixed, skipInvalidRows: true };
    const skipCheck = (await check([skipping])).json().files[0];
    expect(skipCheck.reasons).toEqual([]);

    const saved = await save([skipping]);
    expect(saved.statusCode, saved.body.slice(0, 800)).toBe(200);
    const projectId = saved.json().project_id;
    const [before] = await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from structures where project_id = ${projectId}`,
    );
    expect(before!.n).toBe(0);
    await runDueJobs(app.deps);
    const [row] = await sqlRows<{ n: number; kmz: number; tz: string; importing: string | null }>(
      database.db,
      sql`select count(*)::int as n, count(*) filter (where s.structure_source_type_id = 2)::int as kmz,
                 min(p.time_zone) as tz, min(p.import_state) as importing
          from structures s join projects p on p.id = s.project_id where p.id = ${projectId}`,
    );
    expect(row).toEqual({
      n: skipCheck.validRows,
      kmz: skipCheck.validRows,
      tz: 'Europe/Berlin',
      importing: null,
    });
  });

  it("reads the DJI Seed.kmz: offers only the fields its placemarks have, and none is 'Placemark name'", async () => {
    const file = path.join(REAL_DATA, 'flight_plans', 'dji_wpml', 'Seed.kmz');
    const url = await uploadKmz(app, pm, readFileSync(file));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/kmz/getFields',
      payload: { url },
      headers: pm,
    });
    const fields = res.json().fields as Array<{ name: string; label: string }>;
    expect(fields.map((f) => f.label)).not.toContain('Placemark name');
    expect(fields.map((f) => f.label)).toContain('wpml:index');
    const check = await app.inject({
      method: 'POST',
      url: '/api/v1/bids/kmzCheck',
      headers: pm,
      payload: { kmzs: [{ url, name: 'Seed.kmz', lineName: 'Seed', structureField: 'wpml:index' }] },
    });
    expect(check.json().files[0]).toMatchObject({ reasons: [], errorRowCount: 0 });
    expect(check.json().files[0].validRows).toBe(res.json().points);
  });
});
