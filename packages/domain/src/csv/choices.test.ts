import { describe, expect, it } from 'vitest';
import { IMPORT_CHOICE_MESSAGES, suggestColumns, suggestedChoice } from './choices.ts';
import { COORDINATE_MESSAGES } from './coordinates.ts';
import { csvFileState, skipChoiceLabel } from './fileState.ts';
import { analyzeStructureCsv } from './importer.ts';

const CEMIG_LIKE = [
  'VAL_ALTURA;COD_ESTRUTURA_SAP;NOM_ESTRUTURA_SAP;COD_LT_SAP;NOM_LT_SAP;NUM_LATITUDE;NUM_LONGITUDE;OBJECTID',
  '35.7;ESTR1;ESTRUTURA 029;MT-L-1;;-19.874;-43.733;1605037',
  '13.9;ESTR2;ESTRUTURA 030;MT-L-1;LT Norte;-19.872;-43.731;1605038',
  '12.1;ESTR3;ESTRUTURA 031;MT-L-2;;-19.870;-43.729;1605039',
].join('\n');

const OSM_LIKE = [
  'Line Name,OSM Way ID,Structure Number,Structure Type,OSM Node ID,Latitude,Longitude',
  'Steigerwald,4852708,,portal,31286541,53.0636,8.7839',
  'Grambke,4852716,20,tower,31285016,53.1361,8.6552',
  'Grambke,4852716,21,tower,31285035,53.1352,8.6591',
  'Grambke,4852716,,tower,31285036,53.1343,8.6632',
].join('\n');

const fieldsOf = (text: string) => analyzeStructureCsv(text).fields;

describe('column suggestions', () => {
  it('CEMIG-like: coordinates by name and values; line by the complete code column, not the half-empty name', () => {
    const s = suggestColumns(fieldsOf(CEMIG_LIKE));
    expect(s.latitude[0]).toBe('NUM_LATITUDE');
    expect(s.longitude[0]).toBe('NUM_LONGITUDE');
    expect(s.line[0]).toBe('COD_LT_SAP');
    expect(s.line).toContain('NOM_LT_SAP');
    expect(s.structure.slice(0, 2)).toEqual(['NOM_ESTRUTURA_SAP', 'COD_ESTRUTURA_SAP']);
    // Height and object id name nothing.
    expect([...s.line, ...s.structure]).not.toContain('VAL_ALTURA');
  });

  it('detected coordinate columns are never offered as names; empty columns are never offered', () => {
    const s = suggestColumns(fieldsOf('Line,Pole,Empty Pole,lat,lon\nA,1,,45.1,-93.2\nA,2,,45.2,-93.3'));
    expect(s.line).toEqual(['Line']);
    expect(s.structure).toEqual(['Pole']);
  });

  it('the first pick: line and structure that differ, and a fallback candidate (an id column)', () => {
    const fields = fieldsOf(OSM_LIKE);
    const choice = suggestedChoice(fields);
    expect(choice.lineNameField).toBe('Line Name');
    expect(choice.structNumField).not.toBe(choice.lineNameField);
    expect(['Structure Number', 'OSM Node ID']).toContain(choice.structNumField);
    expect(choice.structNumFallbackField).not.toBeNull();
    expect(choice.structNumFallbackField).not.toBe(choice.structNumField);
  });

  it('columns that classify (a type, a voltage) or hold one value throughout are not offered as names', () => {
    const s = suggestColumns(
      fieldsOf(
        [
          'Line Type,Line Voltage,Line Name,Structure Type,TAG_ATIVO,Structure Number,Latitude,Longitude',
          'line,110000,Steigerwald,portal,1,7,53.06,8.78',
          'line,110000,Grambke,tower,1,20,53.13,8.65',
          'line,110000,Grambke,tower,1,21,53.12,8.66',
        ].join('\n'),
      ),
    );
    expect(s.line).toEqual(['Line Name']);
    expect(s.structure).toEqual(['Structure Number']);
  });

  it('a file with no hint gives no suggestion', () => {
    expect(suggestedChoice(fieldsOf('a,b,lat,lon\n1,2,45,-93'))).toEqual({
      lineNameField: null,
      structNumField: null,
      structNumFallbackField: null,
    });
  });
});

describe('hand-picked coordinate columns', () => {
  it('CEMIG-like: the spec message without a choice; with NUM_LATITUDE/NUM_LONGITUDE every row checks', () => {
    const plain = analyzeStructureCsv(CEMIG_LIKE, {
      lineNameField: 'COD_LT_SAP',
      structNumField: 'NOM_ESTRUTURA_SAP',
    });
    expect(plain.coordinateFieldsError).toMatch(/^Missing latitude column\/field\./);
    expect(plain.rowsChecked).toBe(false);
    const picked = analyzeStructureCsv(CEMIG_LIKE, {
      lineNameField: 'COD_LT_SAP',
      structNumField: 'NOM_ESTRUTURA_SAP',
      latField: 'NUM_LATITUDE',
      lonField: 'NUM_LONGITUDE',
    });
    expect(picked).toMatchObject({
      coordinateFieldsError: null,
      coordinatesChosen: true,
      latField: 'NUM_LATITUDE',
      lonField: 'NUM_LONGITUDE',
      validRows: 3,
      errorRowCount: 0,
      numLines: 2,
    });
  });

  it('refuses the same column twice, a missing column, and a name column picked as a coordinate', () => {
    const base = { lineNameField: 'COD_LT_SAP', structNumField: 'NOM_ESTRUTURA_SAP' };
    const same = analyzeStructureCsv(CEMIG_LIKE, {
      ...base,
      latField: 'NUM_LATITUDE',
      lonField: 'NUM_LATITUDE',
    });
    expect(same.columnErrors).toContain(IMPORT_CHOICE_MESSAGES.sameCoordinate);
    expect(same.rowsChecked).toBe(false);
    const missing = analyzeStructureCsv(CEMIG_LIKE, { ...base, latField: 'NOPE', lonField: 'NUM_LONGITUDE' });
    expect(missing.columnErrors).toContain(IMPORT_CHOICE_MESSAGES.notInFile('NOPE'));
    const asName = analyzeStructureCsv(CEMIG_LIKE, {
      ...base,
      latField: 'COD_LT_SAP',
      lonField: 'NUM_LONGITUDE',
    });
    expect(asName.columnErrors).toContain(IMPORT_CHOICE_MESSAGES.coordinateIsName);
    expect(asName.coordinateFieldsError).toMatch(/^Missing latitude column\/field\./);
  });

  it('a choice never replaces a detected pair', () => {
    const text = 'line,pole,lat,lon,other\nA,1,45.1,-93.2,5';
    const r = analyzeStructureCsv(text, {
      lineNameField: 'line',
      structNumField: 'pole',
      latField: 'other',
      lonField: 'lon',
    });
    expect(r).toMatchObject({ latField: 'lat', lonField: 'lon', coordinatesChosen: false, validRows: 1 });
  });

  it('values that are not coordinates give the spec message', () => {
    const r = analyzeStructureCsv('line,pole,a,b\nA,1,x,y', {
      lineNameField: 'line',
      structNumField: 'pole',
      latField: 'a',
      lonField: 'b',
    });
    expect(r.coordinateFieldsError).toBe(COORDINATE_MESSAGES.noValidCoordinates);
  });
});

describe('fallback column for blank structure names', () => {
  it('a blank structure name takes the fallback column; without it the row is an error', () => {
    const without = analyzeStructureCsv(OSM_LIKE, {
      lineNameField: 'Line Name',
      structNumField: 'Structure Number',
    });
    expect(without).toMatchObject({ validRows: 2, errorRowCount: 2 });
    expect(without.errorRows.map((e) => e.rowNumber)).toEqual([2, 5]);
    const withFallback = analyzeStructureCsv(OSM_LIKE, {
      lineNameField: 'Line Name',
      structNumField: 'Structure Number',
      structNumFallbackField: 'OSM Node ID',
    });
    expect(withFallback).toMatchObject({ validRows: 4, errorRowCount: 0, numLines: 2 });
    expect(withFallback.rows.map((r) => r.structure)).toEqual(['31286541', '20', '21', '31285036']);
  });

  it('a fallback that repeats a name within the line is a duplicate row', () => {
    const text = 'line,pole,id,lat,lon\nA,,7,45.1,-93.2\nA,7,8,45.2,-93.3';
    const r = analyzeStructureCsv(text, {
      lineNameField: 'line',
      structNumField: 'pole',
      structNumFallbackField: 'id',
    });
    expect(r.errorRowCount).toBe(1);
    expect(r.errorRows[0]?.reasons[0]).toMatch(/^Duplicate structure on this line \(first in row 2\)/);
  });

  it('refuses a fallback equal to the structure, the line or a coordinate column', () => {
    const base = { lineNameField: 'Line Name', structNumField: 'Structure Number' };
    const errors = (structNumFallbackField: string) =>
      analyzeStructureCsv(OSM_LIKE, { ...base, structNumFallbackField }).columnErrors;
    expect(errors('Structure Number')).toEqual([IMPORT_CHOICE_MESSAGES.fallbackIsStructure]);
    expect(errors('Line Name')).toEqual([IMPORT_CHOICE_MESSAGES.fallbackIsLine]);
    expect(errors('Latitude')).toEqual([IMPORT_CHOICE_MESSAGES.fallbackIsCoordinate]);
    expect(errors('Nope')).toEqual([IMPORT_CHOICE_MESSAGES.notInFile('Nope')]);
  });
});

describe('importing the valid rows only', () => {
  it('error rows block Save unless the user chose to skip them; at least one valid row is still needed', () => {
    const facts = {
      lineNameField: 'a',
      structNumField: 'b',
      coordinateFieldsError: null,
      rowsChecked: true,
      errorRowCount: 2,
      validRows: 5,
    };
    expect(csvFileState(facts).reasons).toEqual(['2 rows have errors.']);
    expect(csvFileState({ ...facts, skipInvalidRows: true })).toEqual({ valid: true, reasons: [] });
    expect(csvFileState({ ...facts, validRows: 0, skipInvalidRows: true }).valid).toBe(false);
    expect(skipChoiceLabel(5, 2)).toBe('Import 5 valid rows, skip 2');
  });
});
