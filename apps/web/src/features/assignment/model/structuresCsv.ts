import { csvText } from '../../../lib/csv.ts';
import { type AssignmentModel, lineNameOf } from './assignmentModel.ts';

export const STRUCTURE_CSV_HEADER = [
  'Structure',
  'Line Name',
  'Crew',
  'Image Count',
  'Latitude',
  'Longitude',
];

/**
 * The shown structures as CSV: a byte-order mark (so Excel reads UTF-8), CRLF line ends. Crew is
 * the crew number, empty for unassigned structures.
 */
export function structuresCsv(model: AssignmentModel, indices: Uint32Array): string {
  const rows: (string | number | null)[][] = [];
  const { struct_num: structNums, image_count: imageCounts, latitude, longitude } = model.columns;
  for (const i of indices) {
    const crewNumber = model.crewNumbers[i]!;
    rows.push([
      structNums[i]!,
      lineNameOf(model, i),
      crewNumber > 0 ? crewNumber : null,
      imageCounts[i]!,
      latitude[i]!,
      longitude[i]!,
    ]);
  }
  return csvText(STRUCTURE_CSV_HEADER, rows);
}

/** A file name from the project name, without characters file systems refuse. */
export const structuresCsvName = (projectName: string): string =>
  `${projectName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'project'} structures.csv`;
