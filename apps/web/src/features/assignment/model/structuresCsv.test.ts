import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../lib/csv.ts';
import { buildAssignmentModel } from './assignmentModel.ts';
import { structuresCsv, structuresCsvName } from './structuresCsv.ts';
import { sampleData } from './testData.ts';

describe('csvCell', () => {
  it.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'])('guards the formula-looking cell %j', (value) => {
    expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes numbers, negative ones included, as numbers and null as empty', () => {
    expect(csvCell(-98.5)).toBe('-98.5');
    expect(csvCell(null)).toBe('');
  });
});

describe('structuresCsv', () => {
  it('writes the shown structures with a BOM, CRLF and the crew number', () => {
    const model = buildAssignmentModel(sampleData());
    const text = structuresCsv(model, Uint32Array.of(0, 3));
    expect(text).toBe(
      '\uFEFFStructure,Line Name,Crew,Image Count,Latitude,Longitude\r\n' +
        'S-101,Line 1,1,2,39.5,-98.5\r\n' +
        'S-104,Line 2,,2,39.8,-98.2\r\n',
    );
  });

  it('guards a structure name that looks like a formula', () => {
    const data = sampleData();
    data.structures.struct_num[0] = '=HYPERLINK("x")';
    const text = structuresCsv(buildAssignmentModel(data), Uint32Array.of(0));
    expect(text.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",Line 1,1,2,39.5,-98.5`);
  });

  it('names the file after the project without characters file systems refuse', () => {
    expect(structuresCsvName('North: Line/2')).toBe('North  Line 2 structures.csv');
  });
});
