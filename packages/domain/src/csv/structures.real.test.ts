import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileState } from './fileState.ts';
import { analyzeStructureCsv, StructureCsvImport, type StructureCsvImportOptions } from './importer.ts';
import { CsvStreamParser } from './parser.ts';

/**
 * The structure lists in ../shared/data/real/structures (see SOURCES.md there): real utility registers from
 * CEMIG (Brazil) and OpenStreetMap extracts (Bremen, Benin), read in place — never copied into the project.
 */
const REAL = path.resolve(import.meta.dirname, '../../../../../shared/data/real');
const STRUCTURES = path.join(REAL, 'structures');

const RULE =
  'One latitude column/field must be (Y, lat or latitude), and one longitude column/field must be (X, lon, lng or longitude). Please correct the file and import again.';
const BOTH_MISSING = `Missing latitude column/field. Missing longitude column/field. ${RULE}`;

function read(name: string): string {
  const file = path.join(STRUCTURES, name);
  if (!existsSync(file)) throw new Error(`Real data file missing: ${file} (see ${REAL}/SOURCES.md)`);
  return readFileSync(file, 'utf8');
}

/** Streams the file's bytes through a TextDecoder in 64 KiB pieces, as the server and the worker do. */
function streamBytes(name: string, options: StructureCsvImportOptions) {
  const bytes = readFileSync(path.join(STRUCTURES, name));
  const decoder = new TextDecoder('utf-8');
  const importer = new StructureCsvImport(options);
  for (let i = 0; i < bytes.length; i += 65_536) {
    importer.push(decoder.decode(bytes.subarray(i, i + 65_536), { stream: true }));
  }
  importer.push(decoder.decode());
  return importer.end();
}

/** Widths of the records the parser emits: how many records have each field count. */
function recordWidths(text: string): Record<number, number> {
  const widths: Record<number, number> = {};
  const parser = new CsvStreamParser({ onRecord: (r) => (widths[r.length] = (widths[r.length] ?? 0) + 1) });
  parser.push(text);
  parser.end();
  return widths;
}

/** Our records against papaparse's on the same text (BOM removed for papaparse, which keeps it). */
function expectSameRecordsAsPapaparse(text: string, delimiter: string, newline: '\n' | '\r\n') {
  const ours: string[][] = [];
  const parser = new CsvStreamParser({ onRecord: (r) => ours.push(r) });
  parser.push(text);
  parser.end();
  const theirs = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter,
    newline,
    skipEmptyLines: 'greedy',
  });
  expect(ours).toEqual(theirs.data);
}

const EXPECTED_FILES = [
  'cemig_estruturas_raw.csv',
  'cemig_linhas_raw.csv',
  'cemig_subestacoes_raw.csv',
  'osm_benin_power_structures.csv',
  'osm_bremen_power_structures.csv',
];

describe('real structure files', () => {
  it('finds the real data folder with exactly the files this suite has expectations for', () => {
    if (!existsSync(STRUCTURES)) {
      throw new Error(`Real data folder not found: ${STRUCTURES}. The suite needs /work/shared/data/real.`);
    }
    expect(readdirSync(STRUCTURES).sort()).toEqual(EXPECTED_FILES);
  });

  describe('cemig_estruturas_raw.csv (CEMIG transmission structures, ; delimited, Portuguese headers)', () => {
    const name = 'cemig_estruturas_raw.csv';

    it('parses 12,065 records: 12,056 well-formed plus the 9 pieces of the 3 broken gantry records', () => {
      const text = read(name);
      expect(recordWidths(text)).toEqual({ 19: 12_057, 1: 6, 17: 3 }); // 19 includes the header
      expectSameRecordsAsPapaparse(text, ';', '\n');
    });

    it('has no Y/lat/latitude or X/lon/… column (NUM_LATITUDE is not one): both are reported missing', () => {
      const report = analyzeStructureCsv(read(name), {
        lineNameField: 'COD_LT_SAP',
        structNumField: 'NOM_ESTRUTURA_SAP',
      });
      expect(report.delimiter).toBe(';');
      expect(report.fields).toHaveLength(19);
      expect(report.fields.slice(0, 7).map((f) => f.name)).toEqual([
        'VAL_ALTURA',
        'COD_ESTRUTURA_SAP',
        'NOM_ESTRUTURA_SAP',
        'COD_LT_SAP',
        'NOM_LT_SAP',
        'NUM_LATITUDE',
        'NUM_LONGITUDE',
      ]);
      expect(report.fields[2]?.samples).toEqual(['ESTRUTURA 029', 'ESTRUTURA 030', 'ESTRUTURA 031']);
      expect(report.rowCount).toBe(12_065);
      expect(report.coordinateFieldsError).toBe(BOTH_MISSING);
      expect(report.rowsChecked).toBe(false);
      expect(csvFileState(report)).toEqual({ valid: false, reasons: [BOTH_MISSING] });
    });

    // The message asks the user to correct the file: rename the two headers (in memory) and import again.
    const corrected = () => read(name).replace('NUM_LATITUDE;NUM_LONGITUDE', 'lat;lon');

    it('once corrected, with line code and structure name: 12,056 structures on 74 lines, the 9 broken rows listed', () => {
      const report = analyzeStructureCsv(corrected(), {
        lineNameField: 'COD_LT_SAP',
        structNumField: 'NOM_ESTRUTURA_SAP',
      });
      expect(report.coordinateFieldsError).toBeNull();
      expect(report.validRows).toBe(12_056);
      expect(report.errorRowCount).toBe(9);
      expect(report.summary).toBe('There are 12056 structures on 74 lines.');
      expect(report.errorRows.map((e) => e.rowNumber)).toEqual([
        3707, 3708, 3709, 4537, 4538, 4539, 6900, 6901, 6902,
      ]);
      expect(report.errorRows[0]?.text).toBe(
        'Row 3707, , , , : Missing line name. Missing structure name. Missing latitude. Missing longitude.',
      );
      expect(report.errorRows[1]?.text).toBe(
        'Row 3708, -19.7038815334, , 669.132019, 659.722019: Missing structure name. Latitude must be between -90 and 90. Longitude must be between -180 and 180.',
      );
      expect(csvFileState(report)).toEqual({ valid: false, reasons: ['9 rows have errors.'] });
    });

    it('once corrected, with the half-empty NOM_LT_SAP as line name: 6,007 rows lack a line name', () => {
      const report = analyzeStructureCsv(corrected(), {
        lineNameField: 'NOM_LT_SAP',
        structNumField: 'NOM_ESTRUTURA_SAP',
      });
      expect(report.validRows).toBe(6058);
      expect(report.errorRowCount).toBe(6007);
      expect(report.errorRows).toHaveLength(100);
      expect(report.rows).toHaveLength(100);
      expect(report.errorRows[0]?.text).toBe(
        'Row 2, , ESTRUTURA 029, -19.8740173601, -43.733721763: Missing line name.',
      );
      expect(report.summary).toBe('There are 6058 structures on 58 lines.');
    });
  });

  describe('cemig_linhas_raw.csv (CEMIG line list, BOM, ; delimited, empty x/y columns)', () => {
    const name = 'cemig_linhas_raw.csv';

    it('finds y and x as coordinate columns but not one row with coordinates', () => {
      const text = read(name);
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expectSameRecordsAsPapaparse(text, ';', '\n');
      const report = analyzeStructureCsv(text, {
        lineNameField: 'NOME DA LT - SAP',
        structNumField: 'CÓDIGO SAP LT',
      });
      expect(report.fields.map((f) => f.name)).toEqual([
        'NOME DA LT - SAP',
        'CÓDIGO SAP LT',
        'ID LT',
        'TENSÃO DE OPERAÇÃO',
        'STATUS DA LT',
        'x',
        'y',
      ]);
      expect(report.latField).toBe('y');
      expect(report.lonField).toBe('x');
      expect(report.fields.filter((f) => f.isLat || f.isLon).map((f) => f.samples)).toEqual([[], []]);
      expect(report.rowCount).toBe(74);
      expect(report.coordinateFieldsError).toBe('No valid latitude or longitude fields found in the file.');
      expect(report.validRows).toBe(0);
      expect(report.errorRowCount).toBe(74);
      expect(report.errorRows[0]?.text).toBe(
        'Row 2, LT B. Cocais 3 - Anglogold 230 kV, MT-L-39266, , : Missing latitude. Missing longitude.',
      );
      expect(csvFileState(report).valid).toBe(false);
    });
  });

  describe('cemig_subestacoes_raw.csv (CEMIG substations, BOM, ; delimited)', () => {
    it('has only NUM_LATITUDE-style columns: both coordinate columns are reported missing', () => {
      const text = read('cemig_subestacoes_raw.csv');
      expectSameRecordsAsPapaparse(text, ';', '\n');
      const report = analyzeStructureCsv(text);
      expect(report.fields[0]?.name).toBe('COD_SE_SAP');
      expect(report.fields).toHaveLength(12);
      expect(report.rowCount).toBe(41);
      expect(report.coordinateFieldsError).toBe(BOTH_MISSING);
    });
  });

  describe('osm_bremen_power_structures.csv (OpenStreetMap, Bremen; CRLF, comma)', () => {
    const name = 'osm_bremen_power_structures.csv';

    it('detects Latitude/Longitude and samples the columns', () => {
      const text = read(name);
      expectSameRecordsAsPapaparse(text, ',', '\r\n');
      const report = analyzeStructureCsv(text);
      expect(report.delimiter).toBe(',');
      expect(report.latField).toBe('Latitude');
      expect(report.lonField).toBe('Longitude');
      expect(report.coordinateFieldsError).toBeNull();
      expect(report.rowCount).toBe(1263);
      expect(report.fields.find((f) => f.name === 'Structure Number')?.samples).toEqual(['20', '21', '22']);
      expect(report.fields.find((f) => f.name === 'Line Ref')?.samples).toEqual(['1163', '1163', '1164']);
      expect(report.fields.find((f) => f.name === 'Height (m)')?.samples).toEqual([]); // no height tag in Bremen
    });

    it('with Line Name / Structure Number: 766 structures, 497 rows with gaps, repeats or over-long line names', () => {
      const report = analyzeStructureCsv(read(name), {
        lineNameField: 'Line Name',
        structNumField: 'Structure Number',
      });
      // 469 rows with gaps or repeats, plus 28 whose line name (several OSM relations joined by ';') is
      // longer than the 50 characters a line name may have.
      expect(report.validRows).toBe(766);
      expect(report.errorRowCount).toBe(497);
      expect(report.summary).toBe('There are 766 structures on 52 lines.');
      expect(report.errorRows[0]?.text).toBe(
        'Row 2, Steigerwald, , 53.0636052, 8.7839805: Missing structure name.',
      );
      const reasons = report.errorRows.flatMap((e) => e.reasons);
      expect(reasons).toContain('Line name is longer than 50 characters.');
      expect(reasons.some((r) => r.startsWith('Duplicate structure on this line'))).toBe(true);
    });

    it('with OSM way / node ids: 1262 structures on 183 lines and one structure on no line', () => {
      const options = { lineNameField: 'OSM Way ID', structNumField: 'OSM Node ID' };
      const report = analyzeStructureCsv(read(name), options);
      expect(report.validRows).toBe(1262);
      expect(report.summary).toBe('There are 1262 structures on 183 lines.');
      expect(report.errorRows.map((e) => e.text)).toEqual([
        'Row 1264, , 3759135727, 53.046161, 8.8906841: Missing line name.',
      ]);
      expect(csvFileState(report)).toEqual({ valid: false, reasons: ['1 row has errors.'] });
      expect(streamBytes(name, options)).toEqual(report);
    });
  });

  describe('osm_benin_power_structures.csv (OpenStreetMap, Benin; mostly unnamed lines)', () => {
    const name = 'osm_benin_power_structures.csv';

    it('with OSM way / node ids: 4055 structures on 52 lines; the 1033 structures on no line are errors', () => {
      const text = read(name);
      expectSameRecordsAsPapaparse(text, ',', '\r\n');
      const options = { lineNameField: 'OSM Way ID', structNumField: 'OSM Node ID' };
      const report = analyzeStructureCsv(text, options);
      expect(report.rowCount).toBe(5088);
      expect(report.validRows).toBe(4055);
      expect(report.errorRowCount).toBe(1033);
      expect(report.summary).toBe('There are 4055 structures on 52 lines.');
      expect(report.errorRows[0]?.text).toBe(
        'Row 4057, , 2429045477, 11.8626501, 3.375873: Missing line name.',
      );
      expect(streamBytes(name, options)).toEqual(report);
    });

    it('with Line Name / Structure Number: no row is usable', () => {
      const report = analyzeStructureCsv(read(name), {
        lineNameField: 'Line Name',
        structNumField: 'Structure Number',
      });
      expect(report.validRows).toBe(0);
      expect(report.errorRowCount).toBe(5088);
      expect(report.errorRows[0]?.text).toBe(
        'Row 2, , , 10.2042341, 2.6594451: Missing line name. Missing structure name.',
      );
      expect(csvFileState(report)).toEqual({
        valid: false,
        reasons: ['5088 rows have errors.', 'The file has no valid structures.'],
      });
    });
  });
});
