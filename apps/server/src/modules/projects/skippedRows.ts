import {
  BYTE_ORDER_MARK,
  type CsvRowChoice,
  csvLine,
  parseCoordinate,
  StructureCsvImport,
  type StructureRowError,
} from '@linewalker/domain';
import type { Actor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { issuedUpload, KMZ_NOT_SUPPORTED } from '../sourceFiles/sourceFiles.service.ts';
import { textChunks } from '../sourceFiles/textChunks.ts';
import { rowChoiceOf } from './csvImport.check.ts';
import { IMPORT_MESSAGES, refusedRow, storedNameProblems } from './csvImport.rows.ts';

export const SKIPPED_ROWS_HEADER = ['Row', 'Line', 'Structure', 'Latitude', 'Longitude', 'Reason'] as const;

/** A number cell stays a number (a negative coordinate is not a formula); other text is guarded. */
const coordinateCell = (text: string) => (parseCoordinate(text) !== null ? Number(text) : text);

/**
 * `POST /kmz/skippedRows`: every row of one uploaded CSV that an import with these choices skips, as a CSV
 * (row number as the Errors list shows it, the cells as written, every reason), read by the same domain
 * rules and server checks as the import itself. Duplicates against other files of the same save or
 * against the project are not known here: the save reports those. A choice that cannot be used (a column
 * not in the file, the same column twice, coordinates that are not found) answers 400 with the reasons.
 */
export async function skippedRowsCsv(deps: Deps, actor: Actor, choice: CsvRowChoice): Promise<string> {
  authorize(actor, 'upload.sign');
  if (actor.userId === null) throw notFound('File');
  const upload = await issuedUpload(deps, choice.url, actor.userId);
  if (upload.kind !== 'csv') throw badRequest(KMZ_NOT_SUPPORTED, 'unsupported_file');
  const rows: StructureRowError[] = [];
  const importer = new StructureCsvImport({
    ...rowChoiceOf(choice),
    onErrorRow: (row) => rows.push(row),
    onValidRow: (row) => {
      const reasons = storedNameProblems(row);
      if (reasons.length > 0) rows.push(refusedRow(row, reasons));
    },
  });
  for await (const chunk of textChunks(await deps.storage.read(upload.storageKey))) importer.push(chunk);
  const report = importer.end();
  const problems = [...report.columnErrors];
  if (report.coordinateFieldsError) problems.push(report.coordinateFieldsError);
  if (report.latField !== choice.latField || report.lonField !== choice.lonField) {
    problems.push(IMPORT_MESSAGES.coordinatesChanged(report.latField, report.lonField));
  }
  if (problems.length > 0) throw badRequest(problems.join(' '), 'validation_failed');
  return skippedRowsText(rows);
}

/**
 * Skipped rows as the download's CSV (a project's CSV rows, a bid's KMZ placemarks): Row, Line, Structure,
 * Latitude, Longitude, Reason, in row order, cells guarded against formulas.
 */
export function skippedRowsText(rows: StructureRowError[]): string {
  rows.sort((a, b) => a.rowNumber - b.rowNumber);
  let text = `${BYTE_ORDER_MARK}${csvLine(SKIPPED_ROWS_HEADER)}`;
  for (const r of rows) {
    text += csvLine([
      r.rowNumber,
      r.line,
      r.structure,
      coordinateCell(r.latitude),
      coordinateCell(r.longitude),
      r.reasons.join(' '),
    ]);
  }
  return text;
}
