import { describe, expect, it } from 'vitest';
import { CsvStreamParser, parseCsvText } from './parser.ts';
import {
  MAX_LISTED_ROWS,
  ROW_ERROR_MESSAGES,
  rowNumberOf,
  type StructureRow,
  StructureRowValidator,
  structureSummaryText,
} from './structureRows.ts';

// Columns: Line, Structure, lat, lon (4 header columns).
const validator = (onValidRow?: (row: StructureRow) => void) =>
  new StructureRowValidator({ line: 0, structure: 1, latitude: 2, longitude: 3, columns: 4 }, onValidRow);

function check(...rows: string[][]) {
  const v = validator();
  for (const r of rows) v.add(r);
  return v.result();
}

describe('StructureRowValidator', () => {
  it('turns a good row into a structure with trimmed names and numeric coordinates', () => {
    const result = check([' L1 ', ' S-1 ', ' 45.5 ', '-93.25']);
    expect(result.sampleRows).toEqual([
      { rowNumber: 2, line: 'L1', structure: 'S-1', latitude: 45.5, longitude: -93.25 },
    ]);
    expect(result.validRows).toBe(1);
    expect(result.errorRowCount).toBe(0);
    expect(result.summary).toBe('There are 1 structures on 1 lines.');
  });

  it('numbers rows from 2 (header is row 1)', () => {
    expect(rowNumberOf(0)).toBe(2);
    const result = check(['L', 'S1', '1', '1'], ['L', '', '1', '1']);
    expect(result.errorRows[0]?.rowNumber).toBe(3);
  });

  it('lists every reason of a row, with the cells as written', () => {
    const result = check(['', '', 'north', '200']);
    expect(result.errorRows).toEqual([
      {
        rowNumber: 2,
        line: '',
        structure: '',
        latitude: 'north',
        longitude: '200',
        reasons: [
          ROW_ERROR_MESSAGES.missingLine,
          ROW_ERROR_MESSAGES.missingStructure,
          ROW_ERROR_MESSAGES.latitudeNotNumber,
          ROW_ERROR_MESSAGES.longitudeRange,
        ],
        text: 'Row 2, , , north, 200: Missing line name. Missing structure name. Latitude is not a number. Longitude must be between -180 and 180.',
      },
    ]);
  });

  it('checks ranges, missing coordinates and (0, 0)', () => {
    const reasons = (lat: string, lon: string) => check(['L', 'S', lat, lon]).errorRows[0]?.reasons ?? [];
    expect(reasons('90', '180')).toEqual([]);
    expect(reasons('-90.5', '0')).toEqual([ROW_ERROR_MESSAGES.latitudeRange]);
    expect(reasons('', '')).toEqual([
      ROW_ERROR_MESSAGES.missingLatitude,
      ROW_ERROR_MESSAGES.missingLongitude,
    ]);
    expect(reasons('1', 'x')).toEqual([ROW_ERROR_MESSAGES.longitudeNotNumber]);
    expect(reasons('0', '0.000')).toEqual([ROW_ERROR_MESSAGES.zeroZero]);
    expect(reasons('0', '1')).toEqual([]);
  });

  it('makes a repeated structure on the same line an error naming the first row', () => {
    const result = check(
      ['L1', 'S1', '1', '1'],
      ['L2', 'S1', '1', '1'],
      ['L1', 'S1', '2', '2'],
      ['l1', 'S1', '1', '1'],
    );
    // Line names are compared ignoring case: the database keeps one line per company and name.
    expect(result.validRows).toBe(2);
    expect(result.errorRows.map((e) => e.text)).toEqual([
      'Row 4, L1, S1, 2, 2: Duplicate structure on this line (first in row 2).',
      'Row 5, l1, S1, 1, 1: Duplicate structure on this line (first in row 2).',
    ]);
    expect(result.numLines).toBe(2);
  });

  it('counts a repeat of a row that was itself an error as a duplicate too', () => {
    const result = check(['L1', 'S1', 'bad', '1'], ['L1', 'S1', '1', '1']);
    expect(result.validRows).toBe(0);
    expect(result.errorRows[1]?.reasons).toEqual([ROW_ERROR_MESSAGES.duplicate(2)]);
  });

  it('reads missing cells of a short row as empty and refuses extra non-empty fields', () => {
    const result = check(['L1', 'S1', '1'], ['L1', 'S2', '1', '1', '', ' '], ['L1', 'S3', '1', '1', 'extra']);
    expect(result.errorRows.map((e) => e.reasons)).toEqual([
      [ROW_ERROR_MESSAGES.missingLongitude],
      [ROW_ERROR_MESSAGES.tooManyFields(5, 4)],
    ]);
    expect(result.validRows).toBe(1);
  });

  it('refuses line names over 50 and structure names over 100 characters (the database limits)', () => {
    expect(check(['x'.repeat(51), 'S', '1', '1']).errorRows[0]?.reasons).toEqual([
      ROW_ERROR_MESSAGES.lineTooLong,
    ]);
    expect(check(['L', 'x'.repeat(101), '1', '1']).errorRows[0]?.reasons).toEqual([
      ROW_ERROR_MESSAGES.structureTooLong,
    ]);
    expect(check(['x'.repeat(50), 'y'.repeat(100), '1', '1']).validRows).toBe(1);
  });

  it('lists at most 100 error and sample rows but counts them all', () => {
    const rows: string[][] = [];
    for (let i = 0; i < 250; i++) rows.push([`L${i % 7}`, `S${i}`, '10', '20']);
    for (let i = 0; i < 130; i++) rows.push(['', `E${i}`, '10', '20']);
    const result = check(...rows);
    expect(result.rowCount).toBe(380);
    expect(result.validRows).toBe(250);
    expect(result.errorRowCount).toBe(130);
    expect(result.sampleRows).toHaveLength(MAX_LISTED_ROWS);
    expect(result.errorRows).toHaveLength(MAX_LISTED_ROWS);
    expect(result.errorRows[0]?.rowNumber).toBe(252);
    expect(result.summary).toBe('There are 250 structures on 7 lines.');
  });

  it('hands every valid row to the callback', () => {
    const seen: string[] = [];
    const v = validator((row) => seen.push(row.structure));
    v.add(['L', 'A', '1', '1']);
    v.add(['L', '', '1', '1']);
    v.add(['L', 'B', '1', '1']);
    expect(seen).toEqual(['A', 'B']);
  });

  it('counts rows with usable coordinates separately from valid rows', () => {
    const result = check(['', 'S', '1', '1'], ['L', 'S', '', '1']);
    expect(result.validCoordinateRows).toBe(1);
    expect(result.validRows).toBe(0);
  });

  it('writes the summary word for word', () => {
    expect(structureSummaryText(12056, 74)).toBe('There are 12056 structures on 74 lines.');
  });
});

describe('StructureRowValidator over parser views', () => {
  it('gives the same result for rows read as views as for the same rows as arrays', () => {
    const text = [
      'L1,S1,45.5,-93',
      ' L1 , S2 ,\u00a046 ,-94 ',
      'l1,S1,1,1',
      '"L ""2""","S,3",47,-95',
      ',S4,1,1',
      'L3,,north,200',
      'L3,S5,0,0',
      'L3,S6,1,1,,extra',
      'L3,S7,1',
      `${'x'.repeat(51)},S8,1,1`,
    ].join('\r\n');
    const fromArrays = validator();
    const fromViews = validator();
    const parser = new CsvStreamParser({ onRecordView: (view) => fromViews.addRecord(view) });
    for (let i = 0; i < text.length; i += 7) parser.push(text.slice(i, i + 7));
    parser.end();
    for (const fields of parseCsvText(text).records) fromArrays.add(fields);
    const result = fromViews.result();
    expect(result).toEqual(fromArrays.result());
    expect(result.validRows).toBe(3);
    expect(result.errorRowCount).toBe(7);
  });
});
