import type { AssignmentModel } from './assignmentModel.ts';

/** A cell a spreadsheet would evaluate as a formula (CSV injection): = + - @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that looks like a formula gets a leading apostrophe so spreadsheets show it
 * as text; cells with a comma, quote or line break are quoted. Numbers are written as they are
 * (a negative longitude is a number, not a formula).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

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
  const lines = [STRUCTURE_CSV_HEADER.join(',')];
  for (const i of indices) {
    const s = model.structures[i]!;
    const crewNumber = model.crewNumbers[i]!;
    lines.push(
      [s.struct_num, s.line_name, crewNumber > 0 ? crewNumber : null, s.image_count, s.latitude, s.longitude]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A file name from the project name, without characters file systems refuse. */
export const structuresCsvName = (projectName: string): string =>
  `${projectName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'project'} structures.csv`;

/** Saves text through a temporary link: the browser's own download, no server round trip. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking in the same tick can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
