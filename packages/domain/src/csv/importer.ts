import { resolveCoordinateColumns, validateFallbackChoice } from './choices.ts';
import { type ColumnChoice, validateColumnChoice } from './columns.ts';
import {
  COORDINATE_MESSAGES,
  type CoordinateColumns,
  detectCoordinateColumns,
  isValidCoordinatePair,
  parseTrimmedCoordinate,
} from './coordinates.ts';
import type { CsvDelimiter } from './delimiter.ts';
import { type CsvFieldSample, FieldSampler } from './fields.ts';
import { type CsvColumn, normalizeHeader } from './header.ts';
import { CsvStreamParser } from './parser.ts';
import { type CsvRecordView, TrimmedCell } from './recordView.ts';
import { type StructureRow, type StructureRowError, StructureRowValidator } from './structureRows.ts';

export interface StructureCsvImportOptions extends ColumnChoice {
  /** Hand-picked coordinate columns, used only when detection finds no unique pair (see `choices.ts`). */
  latField?: string | null;
  lonField?: string | null;
  /** Read when the structure name cell is blank. */
  structNumFallbackField?: string | null;
  /** Forces a delimiter instead of detecting it from the header line. */
  delimiter?: CsvDelimiter;
  /** Receives every valid row as it is read (the server inserts them; the browser does not need them). */
  onValidRow?: (row: StructureRow) => void;
  /** Receives every error row as it is read (the skipped-rows download). */
  onErrorRow?: (row: StructureRowError) => void;
}

/** Everything the mapping modal and the save step need to know about one file. */
export interface StructureCsvReport {
  delimiter: CsvDelimiter;
  /** Columns with sample values and coordinate flags. */
  fields: CsvFieldSample[];
  latField: string | null;
  lonField: string | null;
  lineNameField: string | null;
  structNumField: string | null;
  structNumFallbackField: string | null;
  /** True when the coordinate columns are the hand-picked ones (detection found no unique pair). */
  coordinatesChosen: boolean;
  /** The red coordinate message of spec 1 §5, or null. */
  coordinateFieldsError: string | null;
  /** What is wrong with the chosen name columns (empty when both are fine or not asked for). */
  columnErrors: string[];
  /** True when every row was checked against the chosen columns (coordinates and choice usable). */
  rowsChecked: boolean;
  /** Data rows (blank rows skipped). */
  rowCount: number;
  validRows: number;
  errorRowCount: number;
  /** The first 100 error rows. */
  errorRows: StructureRowError[];
  /** The first 100 valid rows ('Sample Rows'). */
  rows: StructureRow[];
  numLines: number;
  /** 'There are N structures on M lines.' once rows were checked, else null. */
  summary: string | null;
  /** A quoted field was still open at the end of the file. */
  unclosedQuote: boolean;
}

/**
 * Reads a structure CSV chunk by chunk: header → coordinate columns → column choice → row checks.
 *
 * Without a usable column choice (the first pass, feeding `getFields`) rows are only sampled and their
 * coordinates counted. 'No valid latitude or longitude fields found in the file.' is reported when both
 * coordinate columns exist and the file has data rows, but not one row has a usable coordinate pair
 * (numbers in range, not 0,0) — e.g. `x`/`y` columns that are all empty. A header-only file gets no
 * coordinate message; `csvFileState` blocks it for having no structures.
 */
export class StructureCsvImport {
  private readonly parser: CsvStreamParser;
  private readonly options: StructureCsvImportOptions;
  private columns: CsvColumn[] | null = null;
  private coordinates: CoordinateColumns | null = null;
  private sampler: FieldSampler | null = null;
  private validator: StructureRowValidator | null = null;
  private columnErrors: string[] = [];
  private coordinatesChosen = false;
  private latIndex = -1;
  private lonIndex = -1;
  private rowCount = 0;
  private validCoordinateRows = 0;
  private readonly latCell = new TrimmedCell();
  private readonly lonCell = new TrimmedCell();

  constructor(options: StructureCsvImportOptions = {}) {
    this.options = options;
    this.parser = new CsvStreamParser({ onRecordView: (r) => this.record(r), delimiter: options.delimiter });
  }

  /** Data rows read so far, for progress reports. */
  get rowsRead(): number {
    return this.rowCount;
  }

  push(chunk: string): void {
    this.parser.push(chunk);
  }

  end(): StructureCsvReport {
    this.parser.end();
    if (this.columns === null) this.header([]);
    return this.report();
  }

  private header(cells: string[]): void {
    const columns = normalizeHeader(cells);
    const resolved = resolveCoordinateColumns(columns, detectCoordinateColumns(columns), this.options);
    const coordinates = resolved.coordinates;
    this.coordinatesChosen = resolved.chosen;
    this.columns = columns;
    this.coordinates = coordinates;
    this.sampler = new FieldSampler(columns);
    const indexOf = (name: string | null | undefined) => columns.findIndex((c) => c.name === name);
    this.latIndex = indexOf(coordinates.latField);
    this.lonIndex = indexOf(coordinates.lonField);
    const asked = this.options.lineNameField != null || this.options.structNumField != null;
    if (!asked) return;
    this.columnErrors = [
      ...resolved.errors,
      ...validateColumnChoice(columns, coordinates, this.options),
      ...validateFallbackChoice(columns, coordinates, this.options),
    ];
    if (coordinates.error === null && this.columnErrors.length === 0) {
      this.validator = new StructureRowValidator(
        {
          line: indexOf(this.options.lineNameField),
          structure: indexOf(this.options.structNumField),
          structureFallback: indexOf(this.options.structNumFallbackField),
          latitude: this.latIndex,
          longitude: this.lonIndex,
          columns: columns.length,
        },
        this.options.onValidRow,
        this.options.onErrorRow,
      );
    }
  }

  /** One record, read as ranges: strings are made only for what is kept (see `CsvRecordView`). */
  private record(record: CsvRecordView): void {
    if (this.columns === null) {
      this.header(record.toArray());
      return;
    }
    this.rowCount++;
    this.sampler?.addRecord(record);
    if (this.validator !== null) {
      this.validator.addRecord(record);
    } else if (this.latIndex >= 0 && this.lonIndex >= 0) {
      const latCell = this.latCell.read(record, this.latIndex);
      const lonCell = this.lonCell.read(record, this.lonIndex);
      const lat = parseTrimmedCoordinate(latCell.source, latCell.start, latCell.end);
      const lon = parseTrimmedCoordinate(lonCell.source, lonCell.start, lonCell.end);
      if (isValidCoordinatePair(lat, lon)) this.validCoordinateRows++;
    }
  }

  private report(): StructureCsvReport {
    const coordinates = this.coordinates as CoordinateColumns;
    const totals = this.validator?.result() ?? null;
    const validCoordinateRows = totals?.validCoordinateRows ?? this.validCoordinateRows;
    let coordinateFieldsError = coordinates.error;
    if (coordinateFieldsError === null && this.rowCount > 0 && validCoordinateRows === 0) {
      coordinateFieldsError = COORDINATE_MESSAGES.noValidCoordinates;
    }
    return {
      delimiter: this.parser.delimiter ?? ',',
      fields: (this.sampler as FieldSampler).result(coordinates),
      latField: coordinates.latField,
      lonField: coordinates.lonField,
      lineNameField: this.options.lineNameField ?? null,
      structNumField: this.options.structNumField ?? null,
      structNumFallbackField: this.options.structNumFallbackField ?? null,
      coordinatesChosen: this.coordinatesChosen,
      coordinateFieldsError,
      columnErrors: this.columnErrors,
      rowsChecked: totals !== null,
      rowCount: this.rowCount,
      validRows: totals?.validRows ?? 0,
      errorRowCount: totals?.errorRowCount ?? 0,
      errorRows: totals?.errorRows ?? [],
      rows: totals?.sampleRows ?? [],
      numLines: totals?.numLines ?? 0,
      summary: totals?.summary ?? null,
      unclosedQuote: this.parser.problems.length > 0,
    };
  }
}

/** Runs a whole text through `StructureCsvImport` (tests, small files). */
export function analyzeStructureCsv(
  text: string,
  options: StructureCsvImportOptions = {},
): StructureCsvReport {
  const importer = new StructureCsvImport(options);
  importer.push(text);
  return importer.end();
}
