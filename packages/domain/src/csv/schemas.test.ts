import { describe, expect, it } from 'vitest';
import { analyzeStructureCsv } from './importer.ts';
import { GetFieldsResponse, KmzEntry, StructureCsvReportSchema } from './schemas.ts';

describe('KmzEntry', () => {
  const entry = {
    url: 'uploads/csv/1b2c.csv',
    name: 'Lines North.csv',
    latField: 'lat',
    lonField: 'lon',
    lineNameField: 'Line',
    structNumField: 'Structure',
  };

  it('keeps exactly the six fields of the mapping step', () => {
    expect(KmzEntry.parse({ ...entry, fields: [], rows: [] })).toEqual(entry);
  });

  it('requires the chosen columns and a .csv name', () => {
    const r = KmzEntry.safeParse({ ...entry, name: 'lines.kmz', lineNameField: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual([
      'Choose the Line Name column.',
      'Only .csv files are accepted.',
    ]);
  });
});

describe('wire schemas', () => {
  it('describe a real report and getFields answer', () => {
    const report = analyzeStructureCsv('Line,Structure,lat,lon\nL,S,1,2\nL,,1,2\n', {
      lineNameField: 'Line',
      structNumField: 'Structure',
    });
    expect(StructureCsvReportSchema.parse(report)).toEqual(report);
    const answer = {
      delimiter: report.delimiter,
      fields: report.fields,
      latField: report.latField,
      lonField: report.lonField,
      coordinateFieldsError: report.coordinateFieldsError,
      rowCount: report.rowCount,
    };
    expect(GetFieldsResponse.parse(answer)).toEqual(answer);
  });
});
