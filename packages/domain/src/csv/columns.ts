import type { CoordinateColumns } from './coordinates.ts';
import type { CsvColumn } from './header.ts';

/** Messages for the Line Name / Structure Name choice (spec 1 §5 gives the rule, not the words). */
export const COLUMN_CHOICE_MESSAGES = {
  lineRequired: 'Choose the Line Name column.',
  structureRequired: 'Choose the Structure Name column.',
  sameColumn: 'The Line Name and Structure Name columns must be different.',
  lineIsCoordinate: 'The Line Name column cannot be a latitude or longitude column.',
  structureIsCoordinate: 'The Structure Name column cannot be a latitude or longitude column.',
  notInFile: (name: string) => `The file has no column named "${name}".`,
} as const;

export interface ColumnChoice {
  lineNameField?: string | null;
  structNumField?: string | null;
}

/**
 * What is wrong with the chosen line-name and structure-name columns; empty when both are usable.
 * Both must be chosen, exist in the file, differ from each other and from every column taken for a
 * coordinate (all candidates count, so a second `lat` column cannot be picked as a name either).
 */
export function validateColumnChoice(
  columns: readonly CsvColumn[],
  coordinates: Pick<CoordinateColumns, 'latCandidates' | 'lonCandidates'>,
  choice: ColumnChoice,
): string[] {
  const names = new Set(columns.map((c) => c.name));
  const coordinateNames = new Set([...coordinates.latCandidates, ...coordinates.lonCandidates]);
  const errors: string[] = [];
  const line = choice.lineNameField ?? '';
  const structure = choice.structNumField ?? '';
  if (line === '') errors.push(COLUMN_CHOICE_MESSAGES.lineRequired);
  else if (!names.has(line)) errors.push(COLUMN_CHOICE_MESSAGES.notInFile(line));
  else if (coordinateNames.has(line)) errors.push(COLUMN_CHOICE_MESSAGES.lineIsCoordinate);
  if (structure === '') errors.push(COLUMN_CHOICE_MESSAGES.structureRequired);
  else if (!names.has(structure)) errors.push(COLUMN_CHOICE_MESSAGES.notInFile(structure));
  else if (coordinateNames.has(structure)) errors.push(COLUMN_CHOICE_MESSAGES.structureIsCoordinate);
  if (line !== '' && line === structure) errors.push(COLUMN_CHOICE_MESSAGES.sameColumn);
  return errors;
}
