import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, parseCsvText, suggestColumns, suggestedChoice } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.ts';
import type { App } from '../../platform/http/app.types.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { projectPayload, todayEverywhere } from '../../testing/projectFactories.ts';
import { openRealDataApp, REAL_DATA, type RealDataApp } from '../../testing/realDataApp.ts';
import { sqlRows } from '../../testing/rows.ts';

/**
 * The real utility files of ../shared/data/real/structures through the real routes (sign → PUT →
 * getFields → create), on an embedded database of its own (`npm run test:real` has no template setup).
 * None imports as delivered; each answers 400 with the spec's messages, and the files fixed the way the
 * messages ask import completely.
 */
const STRUCTURES = path.join(REAL_DATA, 'structures');

let app: App;
let database: Database;
let real: RealDataApp | undefined;
let pm: Record<string, string>;
let companyId: number;

beforeAll(async () => {
  if (!existsSync(STRUCTURES)) throw new Error(`Real data folder not found: ${STRUCTURES}`);
  real = await openRealDataApp('lw-real-');
  ({ app, database } = real);
  companyId = await createCompany(database.db, 'Real Utility');
  pm = bearer(await loginToken(app, await createUser(database.db, 'project_manager')));
});
afterAll(async () => {
  await real?.close();
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
    // Some files lie east of UTC, where today may already be tomorrow's UTC date.
    payload: projectPayload(companyId, {
      kmzs: [kmz],
      start_date: todayEverywhere(),
      due_date: addDays(todayEverywhere(), 6),
    }),
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
    expect(fixed.body.imported).toEqual({
      files: 1,
      structures: 12_056,
      skippedRows: 0,
      lines: 74,
      inspections: 12_056,
    });
  });

  it('cemig_linhas_raw.csv (lines without coordinates) and cemig_subestacoes_raw.csv as delivered: refused with the spec messages', async () => {
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

/** A save with the import choices of the mapping step (hand-picked coordinates, fallback, skipping). */
async function importWithChoices(name: string, text: string, choice: Record<string, unknown>) {
  const { url, fields } = await upload(text);
  const kmz = { url, name, ...choice };
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    payload: projectPayload(companyId, {
      kmzs: [kmz],
      start_date: todayEverywhere(),
      due_date: addDays(todayEverywhere(), 6),
    }),
    headers: pm,
  });
  const skipped = await app.inject({
    method: 'POST',
    url: '/api/v1/kmz/skippedRows',
    payload: { url, ...choice, skipInvalidRows: undefined },
    headers: pm,
  });
  return { fields, res, body: res.json(), skipped };
}

const storedStructures = async (projectId: number) =>
  (
    await sqlRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from structures where project_id = ${projectId}`,
    )
  )[0]!.n;

describe('real structure files through the import choices', () => {
  it('osm_benin_power_structures.csv: towers named by their OSM node on their OSM way, the rows on no way skipped', async () => {
    const raw = read('osm_benin_power_structures.csv');
    const result = await importWithChoices('benin.csv', raw, {
      latField: 'Latitude',
      lonField: 'Longitude',
      lineNameField: 'OSM Way ID',
      structNumField: 'Structure Number',
      structNumFallbackField: 'OSM Node ID',
      skipInvalidRows: true,
    });
    expect(result.res.statusCode).toBe(200);
    const { structures, skippedRows, lines } = result.body.imported;
    // 5,088 rows, 1,033 of them on no line (no OSM way): 4,055 towers on 52 ways.
    expect({ structures, skippedRows, lines }).toEqual({ structures: 4055, skippedRows: 1033, lines: 52 });
    expect(await storedStructures(result.body.id)).toBe(structures);
    const { records } = parseCsvText(result.skipped.body.replace(/^\uFEFF/, ''));
    expect(records).toHaveLength(skippedRows + 1);
  });

  it('cemig_estruturas_raw.csv as delivered: NUM_LATITUDE/NUM_LONGITUDE picked (suggested first), the broken rows skipped', async () => {
    const raw = read('cemig_estruturas_raw.csv');
    const choice = {
      latField: 'NUM_LATITUDE',
      lonField: 'NUM_LONGITUDE',
      lineNameField: 'COD_LT_SAP',
      structNumField: 'NOM_ESTRUTURA_SAP',
    };
    const refused = await importWithChoices('cemig.csv', raw, choice);
    expect(refused.fields.coordinateFieldsError).toMatch(/^Missing latitude column\/field\./);
    const suggestions = suggestColumns(refused.fields.fields);
    expect(suggestions.latitude[0]).toBe('NUM_LATITUDE');
    expect(suggestions.longitude[0]).toBe('NUM_LONGITUDE');
    // NOM_LT_SAP is filled in only half the rows: the line code is suggested first.
    expect(suggestedChoice(refused.fields.fields).lineNameField).toBe('COD_LT_SAP');
    // TAG_ATIVO is 1 on every row: no name.
    expect(suggestColumns(refused.fields.fields).structure).not.toContain('TAG_ATIVO');
    expect(refused.res.statusCode).toBe(400);
    expect(refused.body.files[0]).toMatchObject({ reasons: ['9 rows have errors.'], errorRowCount: 9 });

    const skipped = await importWithChoices('cemig.csv', raw, { ...choice, skipInvalidRows: true });
    expect(skipped.res.statusCode).toBe(200);
    expect(skipped.body.imported).toEqual({
      files: 1,
      structures: 12_056,
      skippedRows: 9,
      lines: 74,
      inspections: 12_056,
    });
    // More rows than a save writes inline: a background job writes them.
    expect(skipped.body.importJobId).toEqual(expect.any(Number));
    await runDueJobs(app.deps);
    expect(await storedStructures(skipped.body.id)).toBe(12_056);
    // The download lists the same 9 rows, each with its reason.
    const { records } = parseCsvText(skipped.skipped.body.replace(/^\uFEFF/, ''));
    expect(records[0]).toEqual(['Row', 'Line', 'Structure', 'Latitude', 'Longitude', 'Reason']);
    expect(records).toHaveLength(10);
    expect(records.slice(1).map((r) => Number(r[0]))).toEqual(
      refused.body.files[0].errorRows.map((r: { rowNumber: number }) => r.rowNumber),
    );
    expect(records.slice(1).every((r) => (r[5] ?? '').length > 0)).toBe(true);
  });

  it('cemig_subestacoes_raw.csv: substations, coordinates picked by hand, each its own site; the one without coordinates skipped', async () => {
    const raw = read('cemig_subestacoes_raw.csv');
    const sites = parseCsvText(raw.replace(/^\uFEFF/, '')).records.length - 1;
    const choice = {
      latField: 'NUM_LATITUDE',
      lonField: 'NUM_LONGITUDE',
      lineNameField: 'NOM_SE_SAP',
      structNumField: 'COD_SE_SAP',
    };
    const refused = await importWithChoices('subestacoes.csv', raw, choice);
    expect(refused.fields.coordinateFieldsError).toMatch(/^Missing latitude column\/field\./);
    expect(refused.res.statusCode).toBe(400);
    expect(refused.body.files[0]).toMatchObject({ reasons: ['1 row has errors.'], errorRowCount: 1 });
    expect(refused.body.files[0].errorRows[0].reasons).toEqual(['Missing latitude.']);

    const result = await importWithChoices('subestacoes.csv', raw, { ...choice, skipInvalidRows: true });
    expect(result.res.statusCode, result.res.body).toBe(200);
    expect(result.body.imported).toMatchObject({ structures: sites - 1, skippedRows: 1, lines: sites - 1 });
    expect(await storedStructures(result.body.id)).toBe(sites - 1);
  });

  it('osm_bremen_power_structures.csv: blank tower numbers named by the OSM node id, the row on no line skipped', async () => {
    const raw = read('osm_bremen_power_structures.csv');
    const choice = {
      latField: 'Latitude',
      lonField: 'Longitude',
      lineNameField: 'OSM Way ID',
      structNumField: 'Structure Number',
    };
    const without = await importWithChoices('bremen.csv', raw, choice);
    // Suggested: the way id, filled on every row (Line Name is blank or over 50 characters on 497), never
    // 'Line Type' (always 'line'); the node id names the structures, Structure Number is the fallback.
    expect(suggestedChoice(without.fields.fields)).toEqual({
      lineNameField: 'OSM Way ID',
      structNumField: 'OSM Node ID',
      structNumFallbackField: 'Structure Number',
    });
    expect(suggestColumns(without.fields.fields).line).not.toContain('Line Type');
    expect(without.res.statusCode).toBe(400);
    const blankNumbers = without.body.files[0].errorRowCount as number;
    expect(blankNumbers).toBeGreaterThan(100);

    const withFallback = await importWithChoices('bremen.csv', raw, {
      ...choice,
      structNumFallbackField: 'OSM Node ID',
      skipInvalidRows: true,
    });
    expect(withFallback.res.statusCode).toBe(200);
    // Every row but the one on no line; a tower numbered like another on its way is skipped as a repeat.
    const { structures, skippedRows, lines } = withFallback.body.imported;
    expect(structures + skippedRows).toBe(1263);
    expect(lines).toBe(183);
    expect(skippedRows).toBeLessThan(blankNumbers);
    expect(await storedStructures(withFallback.body.id)).toBe(structures);
    const { records } = parseCsvText(withFallback.skipped.body.replace(/^\uFEFF/, ''));
    expect(records).toHaveLength(skippedRows + 1);
    expect(records.some((r) => r[5] === 'Missing line name.')).toBe(true);
  });
});
