import {
  ROW_ERROR_MESSAGES,
  rowErrorText,
  type StructureRow,
  type StructureRowError,
} from '@linewalker/domain';

/** Column sizes of lines.line_name and structures.struct_num (spec 2 §9: line name max 50). */
export const STORED_NAME_LIMITS = { line: 50, structure: 100 } as const;

/** Messages of the checks the server adds to the domain's row rules. */
export const IMPORT_MESSAGES = {
  fileNotFound: 'File not found. Upload it again.',
  coordinatesChanged: (lat: string | null, lon: string | null) =>
    `The file's latitude and longitude columns are ${lat ?? '(none)'} and ${lon ?? '(none)'}; choose the file again.`,
  lineTooLong: `Line name is longer than ${STORED_NAME_LIMITS.line} characters.`,
  structureTooLong: `Structure name is longer than ${STORED_NAME_LIMITS.structure} characters.`,
  nulCharacter: 'Names cannot contain a NUL character.',
  duplicateInOtherFile: (file: string, row: number) =>
    `Duplicate structure on this line (first in ${file}, row ${row}).`,
  duplicateExisting: 'The project already has this structure on this line.',
} as const;

const longerThan = (text: string, limit: number) => text.length > limit && [...text].length > limit;

/** Why a row the domain accepted cannot be stored; empty when it can. */
export function storedNameProblems(row: StructureRow): string[] {
  const reasons: string[] = [];
  if (longerThan(row.line, STORED_NAME_LIMITS.line)) reasons.push(IMPORT_MESSAGES.lineTooLong);
  if (longerThan(row.structure, STORED_NAME_LIMITS.structure)) reasons.push(IMPORT_MESSAGES.structureTooLong);
  if (row.line.includes('\u0000') || row.structure.includes('\u0000'))
    reasons.push(IMPORT_MESSAGES.nulCharacter);
  return reasons;
}

/** An error row for a valid-looking row the server refuses (coordinates shown as parsed). */
export function refusedRow(row: StructureRow, reasons: string[]): StructureRowError {
  const e = {
    rowNumber: row.rowNumber,
    line: row.line,
    structure: row.structure,
    latitude: String(row.latitude),
    longitude: String(row.longitude),
    reasons,
  };
  return { ...e, text: rowErrorText(e) };
}

/**
 * Where a structure was first seen, packed in one number: file index and row number, or EXISTING for a
 * structure the project already had. One number per key keeps the 1,000,000-entry map small.
 */
export const EXISTING = -1;
export const firstSeenAt = (fileIndex: number, rowNumber: number) => fileIndex * 2 ** 32 + rowNumber;

export function duplicateMessage(first: number, fileIndex: number, fileNames: readonly string[]): string {
  if (first === EXISTING) return IMPORT_MESSAGES.duplicateExisting;
  const firstFile = Math.floor(first / 2 ** 32);
  const firstRow = first % 2 ** 32;
  return firstFile === fileIndex
    ? ROW_ERROR_MESSAGES.duplicate(firstRow)
    : IMPORT_MESSAGES.duplicateInOtherFile(fileNames[firstFile] ?? '', firstRow);
}
