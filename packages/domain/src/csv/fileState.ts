import { COLUMN_CHOICE_MESSAGES } from './columns.ts';

export const FILE_STATE_MESSAGES = {
  rowErrors: (n: number) => (n === 1 ? '1 row has errors.' : `${n} rows have errors.`),
  noStructures: 'The file has no valid structures.',
  notChecked: 'The rows have not been checked yet.',
} as const;

/** The parts of a file's report that decide whether Save may go ahead. */
export interface CsvFileFacts {
  lineNameField?: string | null;
  structNumField?: string | null;
  coordinateFieldsError: string | null;
  columnErrors?: readonly string[];
  rowsChecked?: boolean;
  errorRowCount: number;
  validRows: number;
  /** The user chose to import the valid rows and skip the rest: error rows no longer block. */
  skipInvalidRows?: boolean;
}

export interface CsvFileState {
  valid: boolean;
  /** Why Save is blocked for this file, in the order to fix them; empty when valid. */
  reasons: string[];
}

/**
 * Spec 1 §4: a file is valid for Save when both name columns are chosen (and usable), there is no
 * coordinate error, no row has an error and at least one row is valid. A file whose rows were not checked
 * against the current choice (`rowsChecked: false`) is not valid yet: its counts do not describe it.
 */
export function csvFileState(file: CsvFileFacts): CsvFileState {
  const reasons: string[] = [];
  if (!file.lineNameField) reasons.push(COLUMN_CHOICE_MESSAGES.lineRequired);
  if (!file.structNumField) reasons.push(COLUMN_CHOICE_MESSAGES.structureRequired);
  for (const e of file.columnErrors ?? []) if (!reasons.includes(e)) reasons.push(e);
  if (file.coordinateFieldsError) reasons.push(file.coordinateFieldsError);
  if (reasons.length === 0 && file.rowsChecked !== false) {
    if (file.errorRowCount > 0 && !file.skipInvalidRows)
      reasons.push(FILE_STATE_MESSAGES.rowErrors(file.errorRowCount));
    if (file.validRows < 1) reasons.push(FILE_STATE_MESSAGES.noStructures);
  }
  if (reasons.length === 0 && file.rowsChecked === false) reasons.push(FILE_STATE_MESSAGES.notChecked);
  return { valid: reasons.length === 0, reasons };
}

/** Save in the mapping modal is enabled only when every file is valid (spec 1 §2), and there is one. */
/** 'Import N valid rows, skip M' — the choice offered when some rows are invalid (N and M the real counts). */
export const skipChoiceLabel = (valid: number | string, skipped: number | string): string =>
  `Import ${valid} valid rows, skip ${skipped}`;

export const allCsvFilesValid = (files: readonly CsvFileFacts[]): boolean =>
  files.length > 0 && files.every((f) => csvFileState(f).valid);
