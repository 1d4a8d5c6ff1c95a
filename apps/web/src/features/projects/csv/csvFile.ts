import {
  type CsvFileFacts,
  csvFileState,
  type GetFieldsResponse,
  type StructureCsvReport,
  validateColumnChoice,
} from '@linewalker/domain';

/** The row check of one file against its chosen name columns (runs in a Web Worker). */
export type CsvCheck =
  | { phase: 'idle' }
  | { phase: 'running'; percent: number; rows: number }
  | { phase: 'done'; report: StructureCsvReport; ms: number }
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
  check: CsvCheck;
}

/** The red coordinate message: the server's from getFields, else the one the full row check found. */
export function coordinateError(file: CsvFile): string | null {
  if (file.fields?.coordinateFieldsError) return file.fields.coordinateFieldsError;
  return file.check.phase === 'done' ? file.check.report.coordinateFieldsError : null;
}

/**
 * What is wrong with the chosen name columns, judged from the getFields answer before any row is read,
 * so an impossible choice (the same column twice, a coordinate column) never starts a worker.
 */
export function choiceErrors(file: CsvFile): string[] {
  if (!file.fields) return [];
  const fields = file.fields.fields;
  const columns = fields.map((f, index) => ({ index, name: f.name, rawName: f.name }));
  const coordinates = {
    latCandidates: fields.filter((f) => f.isLat).map((f) => f.name),
    lonCandidates: fields.filter((f) => f.isLon).map((f) => f.name),
  };
  return validateColumnChoice(columns, coordinates, file);
}

/** Ready for the row check: stored, columns read, coordinates found and a usable choice made. */
export const canCheckRows = (file: CsvFile): boolean =>
  file.upload.phase === 'ready' &&
  file.fields !== null &&
  !file.fields.coordinateFieldsError &&
  choiceErrors(file).length === 0;

/** What the domain's Save rule needs to know about a file. */
export function csvFileFacts(file: CsvFile): CsvFileFacts {
  const report = file.check.phase === 'done' ? file.check.report : null;
  return {
    lineNameField: file.lineNameField,
    structNumField: file.structNumField,
    coordinateFieldsError: coordinateError(file),
    columnErrors: report?.columnErrors ?? choiceErrors(file),
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
