import { describe, expect, it } from 'vitest';
import { allCsvFilesValid, type CsvFileFacts, csvFileState } from './fileState.ts';
import { analyzeStructureCsv } from './importer.ts';

const good: CsvFileFacts = {
  lineNameField: 'Line',
  structNumField: 'Structure',
  coordinateFieldsError: null,
  columnErrors: [],
  rowsChecked: true,
  errorRowCount: 0,
  validRows: 3,
};

describe('csvFileState', () => {
  it('is valid with both columns, no coordinate error, no error rows and a valid row', () => {
    expect(csvFileState(good)).toEqual({ valid: true, reasons: [] });
  });

  it('needs both columns chosen', () => {
    expect(csvFileState({ ...good, lineNameField: null }).reasons).toEqual(['Choose the Line Name column.']);
    expect(csvFileState({ ...good, structNumField: '' }).reasons).toEqual([
      'Choose the Structure Name column.',
    ]);
  });

  it('is blocked by a coordinate error, error rows, no valid row or rows not yet checked', () => {
    expect(csvFileState({ ...good, coordinateFieldsError: 'X' }).reasons).toEqual(['X']);
    expect(csvFileState({ ...good, errorRowCount: 1 }).reasons).toEqual(['1 row has errors.']);
    expect(csvFileState({ ...good, errorRowCount: 4 }).reasons).toEqual(['4 rows have errors.']);
    expect(csvFileState({ ...good, validRows: 0 }).reasons).toEqual(['The file has no valid structures.']);
    expect(csvFileState({ ...good, rowsChecked: false }).reasons).toEqual([
      'The rows have not been checked yet.',
    ]);
  });

  it('reads a real report', () => {
    const ok = analyzeStructureCsv('Line,Structure,lat,lon\nL,S,1,2\n', {
      lineNameField: 'Line',
      structNumField: 'Structure',
    });
    expect(csvFileState(ok).valid).toBe(true);
    const headerOnly = analyzeStructureCsv('Line,Structure,lat,lon\n', {
      lineNameField: 'Line',
      structNumField: 'Structure',
    });
    expect(csvFileState(headerOnly).reasons).toEqual(['The file has no valid structures.']);
  });

  it('enables Save only when every file (at least one) is valid', () => {
    expect(allCsvFilesValid([good, good])).toBe(true);
    expect(allCsvFilesValid([good, { ...good, errorRowCount: 2 }])).toBe(false);
    expect(allCsvFilesValid([])).toBe(false);
  });
});
