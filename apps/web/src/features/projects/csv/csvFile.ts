import {
  type CsvFileFacts,
  csvFileState,
  type GetFieldsResponse,
  type StructureCsvReport,
  validateColumnChoice,
  validateCoordinateChoice,
  validateFallbackChoice,
} from '@linewalker/domain';
import type { PositionSum } from './csvValidationProtocol.ts';

/** The row check of one file against its chosen name columns (runs in a Web Worker). */
export type CsvCheck =
  | { phase: 'idle' }
  | { phase: 'running'; percent: number; rows: number }
  | { phase: 'done'; report: StructureCsvReport; positions: PositionSum; ms: number }
  | { phase: 'failed'; error: string };

export interface CsvUploadState {
  phase: 'uploading' | 'reading' | 'ready' | 'failed';
  /** PUT progress, 0–100. */
  percent: number;
  error: string | null;
}

/** One CSV of the dialog, from the drop through upload, column choice and row check (spec 1 §3 'Uploaded file entry'). */
export interface CsvFile {
  /** Stable local id; a file replaced through 'Drag & Drop Updated CSV' keeps it. */
  key: string;
  /** Bumped on replacement, so answers for the old file are ignored. */
  version: number;
  file: File;
  upload: CsvUploadState;
  /** The storage reference answered by sign-s3, once the PUT succeeded. */
  url: string | null;
  fields: GetFieldsResponse | null;
  lineNameField: string | null;
  structNumField: string | null;
  /** Hand-picked coordinate columns, asked for only when getFields found no unique pair. */
  latChoice: string | null;
  lonChoice: string | null;
  /** Read when a structure name is blank. */
  structNumFallbackField: string | null;
  /** 'Import N valid rows, skip M' was chosen. */
  skipInvalidRows: boolean;
  check: CsvCheck;
}

/** The choices that decide which rows are valid: a change starts a new row check. */
export const ROW_CHOICE_KEYS = [
  'lineNameField',
  'structNumField',
  'latChoice',
  'lonChoice',
  'structNumFallbackField',
] as const;
export type CsvChoice = Partial<Pick<CsvFile, (typeof ROW_CHOICE_KEYS)[number] | 'skipInvalidRows'>>;

/** Detection found no unique latitude/longitude pair: the user may pick the columns. */
export const needsCoordinateChoice = (file: CsvFile): boolean =>
  file.fields !== null && (file.fields.latField === null || file.fields.lonField === null);

/** The coordinate columns the import uses: detected, else hand-picked (or null). */
export function coordinateColumns(file: CsvFile): { latField: string | null; lonField: string | null } {
  if (!file.fields) return { latField: null, lonField: null };
  if (!needsCoordinateChoice(file)) return { latField: file.fields.latField, lonField: file.fields.lonField };
  return { latField: file.latChoice, lonField: file.lonChoice };
}

const columnsOf = (file: CsvFile) =>
  (file.fields?.fields ?? []).map((f, index) => ({ index, name: f.name, rawName: f.name }));

/** Problems of a hand-picked coordinate pair (empty when none is needed or it is usable). */
export function coordinateChoiceErrors(file: CsvFile): string[] {
  if (!file.fields || !needsCoordinateChoice(file)) return [];
  return validateCoordinateChoice(columnsOf(file), { latField: file.latChoice, lonField: file.lonChoice });
}

/**
 * The red coordinate message: the server's from getFields (unless usable columns were picked by hand),
 * else the one the full row check found.
 */
export function coordinateError(file: CsvFile): string | null {
  const picked = needsCoordinateChoice(file) && coordinateChoiceErrors(file).length === 0;
  if (file.fields?.coordinateFieldsError && !picked) return file.fields.coordinateFieldsError;
  return file.check.phase === 'done' ? file.check.report.coordinateFieldsError : null;
}

/**
 * What is wrong with the chosen name columns, judged from the getFields answer before any row is read,
 * so an impossible choice (the same column twice, a coordinate column) never starts a worker.
 */
export function choiceErrors(file: CsvFile): string[] {
  if (!file.fields) return [];
  const fields = file.fields.fields;
  const columns = columnsOf(file);
  const picked = coordinateColumns(file);
  const coordinates = {
    latCandidates: [...fields.filter((f) => f.isLat).map((f) => f.name), picked.latField ?? ''],
    lonCandidates: [...fields.filter((f) => f.isLon).map((f) => f.name), picked.lonField ?? ''],
  };
  return [
    ...validateColumnChoice(columns, coordinates, file),
    ...validateFallbackChoice(columns, coordinates, file),
  ];
}

/** Ready for the row check: stored, columns read, coordinates found and a usable choice made. */
export const canCheckRows = (file: CsvFile): boolean =>
  file.upload.phase === 'ready' &&
  file.fields !== null &&
  (needsCoordinateChoice(file)
    ? coordinateChoiceErrors(file).length === 0
    : !file.fields.coordinateFieldsError) &&
  choiceErrors(file).length === 0;

/** What the domain's Save rule needs to know about a file. */
export function csvFileFacts(file: CsvFile): CsvFileFacts {
  const report = file.check.phase === 'done' ? file.check.report : null;
  return {
    lineNameField: file.lineNameField,
    structNumField: file.structNumField,
    coordinateFieldsError: coordinateError(file),
    columnErrors: report?.columnErrors ?? [...coordinateChoiceErrors(file), ...choiceErrors(file)],
    skipInvalidRows: file.skipInvalidRows,
    rowsChecked: report?.rowsChecked ?? false,
    errorRowCount: report?.errorRowCount ?? 0,
    validRows: report?.validRows ?? 0,
  };
}

/** Why this file blocks Save (empty when it does not); upload problems come first. */
export function csvFileProblems(file: CsvFile): string[] {
  if (file.upload.phase === 'failed') return [file.upload.error ?? 'The upload failed.'];
  if (file.upload.phase !== 'ready') return ['The file is still uploading.'];
  if (file.check.phase === 'failed') return [file.check.error];
  return csvFileState(csvFileFacts(file)).reasons;
}

export const isCsvFileValid = (file: CsvFile): boolean => csvFileProblems(file).length === 0;

/** Only .csv files are accepted (spec 1 §5), whatever type the browser guessed. */
export const isCsvName = (name: string): boolean => name.toLowerCase().endsWith('.csv');
