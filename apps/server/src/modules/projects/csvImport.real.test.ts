import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCsvText } from '@linewalker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { type Database, openDatabase } from '../../platform/db/client.ts';
import { seedReferenceData } from '../../seed/reference.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { projectPayload } from '../../testing/projectFactories.ts';

/**
 * The real utility files of ../shared/data/real/structures through the real routes (sign → PUT →
 * getFields → create), on an embedded database of its own (`npm run test:real` has no template setup).
 * None imports as delivered; each answers 400 with the spec's messages, and the files fixed the way the
 * messages ask import completely.
 */
const STRUCTURES = path.resolve(import.meta.dirname, '../../../../../../shared/data/real/structures');

let app: App;
let database: Database;
let dataDir: string;
let pm: Record<string, string>;
let companyId: number;

beforeAll(async () => {
  if (!existsSync(STRUCTURES)) throw new Error(`Real data folder not found: ${STRUCTURES}`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'lw-real-'));
  database = await openDatabase({});
  await database.migrate();
  await seedReferenceData(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'real-data-secret-real-data-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  companyId = await createCompany(database.db, 'Real Utility');
  pm = bearer(await loginToken(app, await createUser(database.db, 'project_manager')));
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const read = (name: string) => readFileSync(path.join(STRUCTURES, name), 'utf8');

async function upload(text: string) {
  const sign = (await app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv', headers: pm })).json();
  const target = new URL(sign.signedRequest, 'http://localhost');
  await app.inject({
    method: 'PUT',
    url: target.pathname + target.search,
    payload: text,
    headers: { 'content-type': 'text/csv' },
  });
  const fields = await app.inject({
    method: 'POST',
    url: '/api/v1/kmz/getFields',
    payload: { url: sign.url },
    headers: pm,
  });
  return { url: sign.url as string, fields: fields.json() };
}

async function importFile(name: string, text: string, lineNameField: string, structNumField: string) {
  const { url, fields } = await upload(text);
  const kmz = {
    url,
    name,
    latField: fields.latField ?? 'lat',
    lonField: fields.lonField ?? 'lon',
    lineNameField,
    structNumField,
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    payload: projectPayload(companyId, { kmzs: [kmz] }),
    headers: pm,
  });
  return { fields, res, body: res.json() };
}

/** The file without the listed error rows (row n is data record n - 2), written back as a CSV. */
function withoutRows(text: string, rowNumbers: number[]): string {
  const drop = new Set(rowNumbers);
  const { records } = parseCsvText(text);
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${records
    .filter((_, i) => i === 0 || !drop.has(i + 1))
    .map((r) => r.map(quote).join(','))
    .join('\n')}\n`;
}

describe('real structure files through the API', () => {
  it('cemig_estruturas_raw.csv: no coordinate column by the spec names; renamed, 9 broken rows; fixed, 12,056 structures', async () => {
    const raw = read('cemig_estruturas_raw.csv');
    const asIs = await importFile('cemig.csv', raw, 'COD_LT_SAP', 'NOM_ESTRUTURA_SAP');
    expect(asIs.fields.coordinateFieldsError).toMatch(/^Missing latitude column\/field\. Missing longitude/);
    expect(asIs.res.statusCode).toBe(400);

    const renamed = raw.replace('NUM_LATITUDE;NUM_LONGITUDE', 'lat;lon');
    const broken = await importFile('cemig.csv', renamed, 'COD_LT_SAP', 'NOM_ESTRUTURA_SAP');
    expect(broken.res.statusCode).toBe(400);
    expect(broken.body.files[0]).toMatchObject({ reasons: ['9 rows have errors.'], errorRowCount: 9 });

    const rows = broken.body.files[0].errorRows.map((r: { rowNumber: number }) => r.rowNumber);
    const fixed = await importFile(
      'cemig.csv',
      withoutRows(renamed, rows),
      'COD_LT_SAP',
      'NOM_ESTRUTURA_SAP',
    );
    expect(fixed.res.statusCode).toBe(200);
    expect(fixed.body.imported).toEqual({ files: 1, structures: 12_056, lines: 74, inspections: 12_056 });
  });

  it('cemig_linhas_raw.csv and cemig_subestacoes_raw.csv: not structure lists; refused with the spec messages', async () => {
    const lines = await importFile(
      'linhas.csv',
      read('cemig_linhas_raw.csv'),
      'NOME DA LT - SAP',
      'CÓDIGO SAP LT',
    );
    expect(lines.fields.coordinateFieldsError).toBe(
      'No valid latitude or longitude fields found in the file.',
    );
    expect(lines.res.statusCode).toBe(400);
    const subs = await importFile(
      'subestacoes.csv',
      read('cemig_subestacoes_raw.csv'),
      'COD_SE_SAP',
      'NOM_SE_SAP',
    );
    expect(subs.fields.coordinateFieldsError).toMatch(/^Missing latitude column\/field\. Missing longitude/);
    expect(subs.res.statusCode).toBe(400);
  });

  it('osm_bremen_power_structures.csv: by OSM way/node, one row on no line; without it, 1,262 structures on 183 lines', async () => {
    const raw = read('osm_bremen_power_structures.csv');
    const asIs = await importFile('bremen.csv', raw, 'OSM Way ID', 'OSM Node ID');
    expect(asIs.fields).toMatchObject({
      latField: 'Latitude',
      lonField: 'Longitude',
      coordinateFieldsError: null,
    });
    expect(asIs.res.statusCode).toBe(400);
    expect(asIs.body.files[0]).toMatchObject({ reasons: ['1 row has errors.'], errorRowCount: 1 });
    const rows = asIs.body.files[0].errorRows.map((r: { rowNumber: number }) => r.rowNumber);
    const fixed = await importFile('bremen.csv', withoutRows(raw, rows), 'OSM Way ID', 'OSM Node ID');
    expect(fixed.res.statusCode).toBe(200);
    expect(fixed.body.imported).toMatchObject({ structures: 1262, lines: 183 });

    const byName = await importFile('bremen.csv', raw, 'Line Name', 'Structure Number');
    // The domain's 469 bad rows, plus 28 whose line name (several OSM relations joined by ';') is longer
    // than the 50 characters a line name may have.
    expect(byName.res.statusCode).toBe(400);
    expect(byName.body.files[0].errorRowCount).toBe(497);
    const long = byName.body.files[0].errorRows.filter((r: { reasons: string[] }) =>
      r.reasons.includes('Line name is longer than 50 characters.'),
    );
    expect(long.length).toBeGreaterThan(0);
  });

  it('osm_benin_power_structures.csv: 1,033 structures on no line are listed (first 100) and nothing is written', async () => {
    const res = await importFile(
      'benin.csv',
      read('osm_benin_power_structures.csv'),
      'OSM Way ID',
      'OSM Node ID',
    );
    expect(res.res.statusCode).toBe(400);
    expect(res.body.files[0]).toMatchObject({ errorRowCount: 1033 });
    expect(res.body.files[0].errorRows).toHaveLength(100);
  });
});
