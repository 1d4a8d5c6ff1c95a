import { describe, expect, it } from 'vitest';
import { COORDINATE_MESSAGES } from './coordinates.ts';
import { analyzeStructureCsv, StructureCsvImport, type StructureCsvImportOptions } from './importer.ts';

const choice = { lineNameField: 'Line', structNumField: 'Structure' };

function inChunks(text: string, size: number, options: StructureCsvImportOptions) {
  const importer = new StructureCsvImport(options);
  const progress: number[] = [];
  for (let i = 0; i < text.length; i += size) {
    importer.push(text.slice(i, i + size));
    progress.push(importer.rowsRead);
  }
  return { report: importer.end(), progress };
}

describe('StructureCsvImport', () => {
  const file = [
    '\uFEFFLine;Structure;Latitude;Longitude;',
    'L1;S1;45,5;-93;',
    'L1;S2;45.6;-93.1;',
    '',
    '"L;2";"S ""3""";46;-94;',
    'L2;;47;-95;',
    '',
  ].join('\r\n');

  it('detects the delimiter, columns and coordinate columns and samples every column', () => {
    const report = analyzeStructureCsv(file);
    expect(report.delimiter).toBe(';');
    expect(report.latField).toBe('Latitude');
    expect(report.lonField).toBe('Longitude');
    expect(report.coordinateFieldsError).toBeNull();
    expect(report.fields).toEqual([
      { name: 'Line', samples: ['L1', 'L1', 'L;2'], isLat: false, isLon: false, filled: 4, sampledRows: 4 },
      {
        name: 'Structure',
        samples: ['S1', 'S2', 'S "3"'],
        isLat: false,
        isLon: false,
        filled: 3,
        sampledRows: 4,
      },
      {
        name: 'Latitude',
        samples: ['45,5', '45.6', '46'],
        isLat: true,
        isLon: false,
        filled: 4,
        sampledRows: 4,
      },
      {
        name: 'Longitude',
        samples: ['-93', '-93.1', '-94'],
        isLat: false,
        isLon: true,
        filled: 4,
        sampledRows: 4,
      },
      { name: 'UnknownColumn_4', samples: [], isLat: false, isLon: false, filled: 0, sampledRows: 4 },
    ]);
    expect(report.rowCount).toBe(4);
    expect(report.rowsChecked).toBe(false);
    expect(report.summary).toBeNull();
  });

  it('checks the rows once the name columns are chosen', () => {
    const report = analyzeStructureCsv(file, choice);
    expect(report.rowsChecked).toBe(true);
    expect(report.columnErrors).toEqual([]);
    expect(report.validRows).toBe(2);
    expect(report.errorRowCount).toBe(2);
    expect(report.errorRows.map((e) => e.text)).toEqual([
      'Row 2, L1, S1, 45,5, -93: Latitude is not a number.',
      'Row 5, L2, , 47, -95: Missing structure name.',
    ]);
    expect(report.rows.map((r) => r.structure)).toEqual(['S2', 'S "3"']);
    expect(report.summary).toBe('There are 2 structures on 2 lines.');
  });

  it('gives the same report for any chunking and reports progress', () => {
    const whole = analyzeStructureCsv(file, choice);
    for (const size of [1, 2, 7, 64]) {
      const { report, progress } = inChunks(file, size, choice);
      expect(report).toEqual(whole);
      expect(progress.at(-1)).toBeGreaterThanOrEqual(3);
    }
  });

  it('streams valid rows to the callback', () => {
    const structures: string[] = [];
    analyzeStructureCsv(file, { ...choice, onValidRow: (r) => structures.push(`${r.line}/${r.structure}`) });
    expect(structures).toEqual(['L1/S2', 'L;2/S "3"']);
  });

  it('does not check rows while the coordinate columns are wrong', () => {
    const report = analyzeStructureCsv('Line,Structure,lat,latitude,lon\nL,S,1,1,1\n', choice);
    expect(report.coordinateFieldsError).toMatch(/^More than one latitude\/longitude columns/);
    expect(report.rowsChecked).toBe(false);
    expect(report.validRows).toBe(0);
    expect(report.rowCount).toBe(1);
  });

  it('does not check rows while the column choice is wrong, and says why', () => {
    const report = analyzeStructureCsv('Line,Structure,lat,lon\nL,S,1,1\n', {
      lineNameField: 'Line',
      structNumField: 'lat',
    });
    expect(report.columnErrors).toEqual([
      'The Structure Name column cannot be a latitude or longitude column.',
    ]);
    expect(report.rowsChecked).toBe(false);
  });

  it("says 'No valid latitude or longitude fields' when rows exist but none has a usable pair", () => {
    const text = 'Line,Structure,y,x\nL,S1,,\nL,S2,0,0\nL,S3,abc,1\n';
    expect(analyzeStructureCsv(text).coordinateFieldsError).toBe(COORDINATE_MESSAGES.noValidCoordinates);
    const checked = analyzeStructureCsv(text, choice);
    expect(checked.coordinateFieldsError).toBe('No valid latitude or longitude fields found in the file.');
    expect(checked.errorRowCount).toBe(3);
  });

  it('has no coordinate message for a header-only file, and a full one for an empty file', () => {
    const headerOnly = analyzeStructureCsv('Line,Structure,lat,lon\r\n', choice);
    expect(headerOnly.coordinateFieldsError).toBeNull();
    expect(headerOnly.rowCount).toBe(0);
    expect(headerOnly.summary).toBe('There are 0 structures on 0 lines.');
    const empty = analyzeStructureCsv('');
    expect(empty.fields).toEqual([]);
    expect(empty.coordinateFieldsError).toMatch(/^Missing latitude column\/field\. Missing longitude/);
  });

  it('flags an unclosed quote', () => {
    expect(analyzeStructureCsv('Line,Structure,lat,lon\nL,"S,1,1\n').unclosedQuote).toBe(true);
  });
});
