import {
  isLatitude,
  isLongitude,
  isValidCoordinatePair,
  parseCoordinate,
  parseTrimmedCoordinate,
} from './coordinates.ts';
import { LineIds } from './lineIds.ts';
import { PairIndex } from './pairIndex.ts';
import { CsvRecordView, TrimmedCell } from './recordView.ts';
import { isBlankRange } from './textRange.ts';

/** Listed error rows and sample rows are capped at 100 each (spec 1 §5, §9); all are still counted. */
export const MAX_LISTED_ROWS = 100;
/**
 * Longest line or structure name accepted from a file; longer text is a broken row, not a name.
 * The database keeps line names to 50 characters (spec 2: line name max 50) and structure names to 100.
 */
export const MAX_LINE_NAME_LENGTH = 50;
export const MAX_STRUCTURE_NAME_LENGTH = 100;

/** Why a data row cannot be imported (spec 1 §5 lists the check, not the words). */
export const ROW_ERROR_MESSAGES = {
  missingLine: 'Missing line name.',
  missingStructure: 'Missing structure name.',
  lineTooLong: `Line name is longer than ${MAX_LINE_NAME_LENGTH} characters.`,
  structureTooLong: `Structure name is longer than ${MAX_STRUCTURE_NAME_LENGTH} characters.`,
  missingLatitude: 'Missing latitude.',
  missingLongitude: 'Missing longitude.',
  latitudeNotNumber: 'Latitude is not a number.',
  longitudeNotNumber: 'Longitude is not a number.',
  latitudeRange: 'Latitude must be between -90 and 90.',
  longitudeRange: 'Longitude must be between -180 and 180.',
  zeroZero: 'Latitude and longitude are both 0.',
  duplicate: (firstRow: number) => `Duplicate structure on this line (first in row ${firstRow}).`,
  tooManyFields: (fields: number, columns: number) =>
    `Row has ${fields} fields but the header has ${columns} columns.`,
} as const;

/** A data row ready to import. */
export interface StructureRow {
  /** The row number the user sees: data-row index + 2 (the header is row 1). */
  rowNumber: number;
  line: string;
  structure: string;
  latitude: number;
  longitude: number;
}

/** A data row that cannot be imported, with the cells as written (trimmed) and every reason. */
export interface StructureRowError {
  rowNumber: number;
  line: string;
  structure: string;
  latitude: string;
  longitude: string;
  reasons: string[];
  /** 'Row n, Line, Structure, Latitude, Longitude: reasons' as listed under Errors. */
  text: string;
}

/** Data rows are numbered from 2: blank records are not counted, the header is row 1 (spec 1 §5). */
export const rowNumberOf = (dataRowIndex: number): number => dataRowIndex + 2;

/** 'There are N structures on M lines.' — word for word, also for 1 (spec 1 §2). */
export const structureSummaryText = (structures: number, lines: number): string =>
  `There are ${structures} structures on ${lines} lines.`;

export function rowErrorText(e: Omit<StructureRowError, 'text'>): string {
  return `Row ${e.rowNumber}, ${e.line}, ${e.structure}, ${e.latitude}, ${e.longitude}: ${e.reasons.join(' ')}`;
}

/** The reasons the coordinate cells are unusable; empty when the pair is valid. */
export function coordinateReasons(latCell: string, lonCell: string): string[] {
  const reasons: string[] = [];
  const lat = parseCoordinate(latCell);
  const lon = parseCoordinate(lonCell);
  if (latCell === '') reasons.push(ROW_ERROR_MESSAGES.missingLatitude);
  else if (lat === null) reasons.push(ROW_ERROR_MESSAGES.latitudeNotNumber);
  else if (!isLatitude(lat)) reasons.push(ROW_ERROR_MESSAGES.latitudeRange);
  if (lonCell === '') reasons.push(ROW_ERROR_MESSAGES.missingLongitude);
  else if (lon === null) reasons.push(ROW_ERROR_MESSAGES.longitudeNotNumber);
  else if (!isLongitude(lon)) reasons.push(ROW_ERROR_MESSAGES.longitudeRange);
  // (0, 0) is where a blank coordinate lands after a spreadsheet turns it into 0: never a real structure.
  if (reasons.length === 0 && lat === 0 && lon === 0) reasons.push(ROW_ERROR_MESSAGES.zeroZero);
  return reasons;
}

export interface StructureColumnIndexes {
  line: number;
  structure: number;
  /** Read when the structure cell is blank (-1 or absent: none). */
  structureFallback?: number;
  latitude: number;
  longitude: number;
  /** Number of header columns, for the too-many-fields check. */
  columns: number;
}

export interface StructureRowTotals {
  /** Data rows read (blank rows excluded). */
  rowCount: number;
  /** Rows whose coordinate pair is usable, whatever else is wrong with them. */
  validCoordinateRows: number;
  validRows: number;
  errorRowCount: number;
  numLines: number;
  /** The first 100 error rows. */
  errorRows: StructureRowError[];
  /** The first 100 valid rows. */
  sampleRows: StructureRow[];
  summary: string;
}

/**
 * Checks data rows one at a time and keeps the totals, so a million-row file streams through it.
 *
 * Rules, each adding its reason to the row (a row lists all its problems at once):
 * - line and structure names are trimmed and must not be empty (nor longer than 50 / 100 characters);
 * - latitude and longitude must be plain decimal numbers in −90..90 and −180..180, and not both 0;
 * - a structure name may appear once per line (line names compared ignoring case, as the database keeps
 *   one line per company and name; structure names exactly): a repeat is an error row
 *   naming the first row, so the user fixes the file rather than the import silently merging or dropping;
 *   both the first and the repeat are kept in the count, only the repeat is an error;
 * - a row with fewer fields than the header reads the missing cells as empty (exports drop trailing
 *   empties); a row with more non-empty fields than the header is an error (a delimiter inside an unquoted
 *   value has shifted its columns). Extra empty fields (trailing delimiters) are ignored.
 */
export class StructureRowValidator {
  private readonly cols: StructureColumnIndexes;
  private readonly onValidRow: ((row: StructureRow) => void) | undefined;
  /** (line, structure) → the row number it was first seen in. */
  private readonly firstRowOf = new PairIndex();
  /** Line ids; names that differ only in case share an id. */
  private readonly lineIds = new LineIds();
  /** Which line ids have at least one valid row, and how many do. */
  private readonly lineHasValidRow: boolean[] = [];
  private validLineCount = 0;
  private readonly totals: Omit<StructureRowTotals, 'numLines' | 'summary'> = {
    rowCount: 0,
    validCoordinateRows: 0,
    validRows: 0,
    errorRowCount: 0,
    errorRows: [],
    sampleRows: [],
  };
  // The cells of the current row, reused: a row is read as ranges, and strings are made only for rows
  // someone reads (listed errors, sample rows, `onValidRow`).
  private readonly line = new TrimmedCell();
  private readonly structure = new TrimmedCell();
  private readonly fallback = new TrimmedCell();
  private readonly latCell = new TrimmedCell();
  private readonly lonCell = new TrimmedCell();
  private arrayView: CsvRecordView | null = null;

  private readonly onErrorRow: ((row: StructureRowError) => void) | undefined;

  constructor(
    columns: StructureColumnIndexes,
    onValidRow?: (row: StructureRow) => void,
    /** Receives every error row (not only the first 100): the skipped-rows download. */
    onErrorRow?: (row: StructureRowError) => void,
  ) {
    this.cols = columns;
    this.onValidRow = onValidRow;
    this.onErrorRow = onErrorRow;
  }

  /** Checks a row given as strings. */
  add(fields: readonly string[]): void {
    this.arrayView ??= new CsvRecordView();
    this.addRecord(this.arrayView.load(fields));
  }

  /** Checks a row as the parser hands it out (the view is valid only during this call). */
  addRecord(record: CsvRecordView): void {
    const t = this.totals;
    const rowNumber = rowNumberOf(t.rowCount);
    t.rowCount++;
    const c = this.cols;
    const line = this.line.read(record, c.line);
    let structure = this.structure.read(record, c.structure);
    if (structure.length === 0 && c.structureFallback !== undefined && c.structureFallback >= 0) {
      structure = this.fallback.read(record, c.structureFallback);
    }
    const latCell = this.latCell.read(record, c.latitude);
    const lonCell = this.lonCell.read(record, c.longitude);
    const latitude = parseTrimmedCoordinate(latCell.source, latCell.start, latCell.end);
    const longitude = parseTrimmedCoordinate(lonCell.source, lonCell.start, lonCell.end);

    // Reasons are collected without a per-row closure: this runs once per row of million-row files.
    let reasons: string[] | null = null;
    if (record.count > c.columns && hasContentFrom(record, c.columns)) {
      reasons = addReason(reasons, ROW_ERROR_MESSAGES.tooManyFields(record.count, c.columns));
    }
    if (line.length === 0) reasons = addReason(reasons, ROW_ERROR_MESSAGES.missingLine);
    else if (line.length > MAX_LINE_NAME_LENGTH) reasons = addReason(reasons, ROW_ERROR_MESSAGES.lineTooLong);
    if (structure.length === 0) reasons = addReason(reasons, ROW_ERROR_MESSAGES.missingStructure);
    else if (structure.length > MAX_STRUCTURE_NAME_LENGTH) {
      reasons = addReason(reasons, ROW_ERROR_MESSAGES.structureTooLong);
    }
    if (isValidCoordinatePair(latitude, longitude)) {
      t.validCoordinateRows++;
    } else {
      for (const reason of coordinateReasons(latCell.text(), lonCell.text())) {
        reasons = addReason(reasons, reason);
      }
    }
    const lineId = line.length === 0 ? -1 : this.lineIds.idOfRange(line.source, line.start, line.end);
    if (line.length > 0 && structure.length > 0) {
      const first = this.firstRowOf.getOrAddRange(
        lineId,
        structure.source,
        structure.start,
        structure.end,
        rowNumber,
      );
      if (first !== -1) reasons = addReason(reasons, ROW_ERROR_MESSAGES.duplicate(first));
    }

    if (reasons !== null) {
      t.errorRowCount++;
      if (t.errorRows.length < MAX_LISTED_ROWS || this.onErrorRow) {
        const e = {
          rowNumber,
          line: line.text(),
          structure: structure.text(),
          latitude: latCell.text(),
          longitude: lonCell.text(),
          reasons,
        };
        const error = { ...e, text: rowErrorText(e) };
        if (t.errorRows.length < MAX_LISTED_ROWS) t.errorRows.push(error);
        this.onErrorRow?.(error);
      }
      return;
    }
    t.validRows++;
    if (this.lineHasValidRow[lineId] !== true) {
      this.lineHasValidRow[lineId] = true;
      this.validLineCount++;
    }
    // A row object only when someone reads it: most rows of a big file are just counted in the browser.
    if (t.sampleRows.length < MAX_LISTED_ROWS || this.onValidRow) {
      const row: StructureRow = {
        rowNumber,
        line: line.text(),
        structure: structure.text(),
        latitude: latitude as number,
        longitude: longitude as number,
      };
      if (t.sampleRows.length < MAX_LISTED_ROWS) t.sampleRows.push(row);
      this.onValidRow?.(row);
    }
  }

  result(): StructureRowTotals {
    const numLines = this.validLineCount;
    return { ...this.totals, numLines, summary: structureSummaryText(this.totals.validRows, numLines) };
  }
}

function addReason(reasons: string[] | null, reason: string): string[] {
  if (reasons === null) return [reason];
  reasons.push(reason);
  return reasons;
}

function hasContentFrom(record: CsvRecordView, from: number): boolean {
  for (let i = from; i < record.count; i++) {
    if (!isBlankRange(record.source(i), record.start(i), record.end(i))) return true;
  }
  return false;
}
