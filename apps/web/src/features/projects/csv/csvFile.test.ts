import {
  analyzeStructureCsv,
  COLUMN_CHOICE_MESSAGES,
  FILE_STATE_MESSAGES,
  type GetFieldsResponse,
} from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import {
  type CsvFile,
  canCheckRows,
  choiceErrors,
  csvFileProblems,
  isCsvFileValid,
  isCsvName,
} from './csvFile.ts';

const TEXT = 'Line,Structure,Lat,Lon\nL1,S1,41.1,-98.1\nL1,S2,41.2,-98.2\n';

const fields: GetFieldsResponse = {
  delimiter: ',',
  fields: [
    { name: 'Line', samples: ['L1'], isLat: false, isLon: false },
    { name: 'Structure', samples: ['S1'], isLat: false, isLon: false },
    { name: 'Lat', samples: ['41.1'], isLat: true, isLon: false },
    { name: 'Lon', samples: ['-98.1'], isLat: false, isLon: true },
  ],
  latField: 'Lat',
  lonField: 'Lon',
  coordinateFieldsError: null,
  rowCount: 2,
};

const file = (over: Partial<CsvFile> = {}): CsvFile => ({
  key: 'k',
  version: 1,
  file: new File([TEXT], 'a.csv'),
  upload: { phase: 'ready', percent: 100, error: null },
  url: 'uploads/csv/a.csv',
  fields,
  lineNameField: 'Line',
  structNumField: 'Structure',
  latChoice: null,
  lonChoice: null,
  structNumFallbackField: null,
  skipInvalidRows: false,
  check: { phase: 'idle' },
  ...over,
});

const checked = (over: Partial<CsvFile> = {}): CsvFile => {
  const f = file(over);
  const report = analyzeStructureCsv(TEXT, {
    lineNameField: f.lineNameField,
    structNumField: f.structNumField,
  });
  return { ...f, check: { phase: 'done', report, positions: { latSum: 0, lonSum: 0, count: 0 }, ms: 1 } };
};

describe('csv file state in the mapping modal', () => {
  it('is valid once the rows of a well-chosen file were checked without errors', () => {
    expect(isCsvFileValid(file())).toBe(false);
    expect(csvFileProblems(file())).toEqual([FILE_STATE_MESSAGES.notChecked]);
    expect(csvFileProblems(checked())).toEqual([]);
    expect(isCsvFileValid(checked())).toBe(true);
  });

  it('judges the column choice from the getFields answer before any row is read', () => {
    expect(choiceErrors(file({ structNumField: 'Line' }))).toContain(COLUMN_CHOICE_MESSAGES.sameColumn);
    expect(choiceErrors(file({ lineNameField: 'Lat' }))).toContain(COLUMN_CHOICE_MESSAGES.lineIsCoordinate);
    expect(canCheckRows(file({ lineNameField: 'Lat' }))).toBe(false);
    expect(canCheckRows(file({ lineNameField: null }))).toBe(false);
    expect(canCheckRows(file())).toBe(true);
  });

  it('never checks rows of a file whose coordinate columns are wrong, and reports the spec message', () => {
    const message = 'Missing latitude column/field. …';
    const broken = file({ fields: { ...fields, coordinateFieldsError: message } });
    expect(canCheckRows(broken)).toBe(false);
    expect(csvFileProblems(broken)).toContain(message);
  });

  it('puts upload problems first', () => {
    expect(
      csvFileProblems(file({ upload: { phase: 'failed', percent: 10, error: 'The upload failed (500).' } })),
    ).toEqual(['The upload failed (500).']);
    expect(isCsvFileValid(file({ upload: { phase: 'uploading', percent: 10, error: null } }))).toBe(false);
  });

  it('accepts .csv names in any case only', () => {
    expect(isCsvName('Poles.CSV')).toBe(true);
    expect(isCsvName('poles.csv.txt')).toBe(false);
  });
});
