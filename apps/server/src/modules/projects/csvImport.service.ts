import type { KmzEntry, ProjectSaveResponse } from '@linewalker/domain';
import type { Deps } from '../../app.ts';
import type { Db } from '../../platform/db/client.ts';
import { type CheckedImport, checkCsvFiles, type ImportTarget } from './csvImport.check.ts';
import { componentCount, insertSourceFile } from './csvImport.repository.ts';
import { type FileToWrite, writeCsvFiles } from './csvImport.write.ts';

export type { ImportTarget } from './csvImport.check.ts';
export type ImportSummary = ProjectSaveResponse['imported'];

/**
 * Imports up to this many rows inside the save's own transaction (answered with the rows in place);
 * more go to a background job that commits per batch, so a large import never holds the database.
 */
export const INLINE_IMPORT_MAX_ROWS = 10_000;

export { checkCsvFiles };

/** Registers the checked files as the project's source files; answers what writing them needs. */
export async function registerSourceFiles(
  tx: Db,
  target: ImportTarget,
  checked: CheckedImport,
): Promise<FileToWrite[]> {
  const files: FileToWrite[] = [];
  for (const file of checked.files) {
    const { entry } = file;
    const sourceFileId = await insertSourceFile(tx, {
      projectId: target.projectId,
      fileUploadId: file.uploadId,
      kind: 'csv',
      storageKey: file.storageKey,
      url: entry.url,
      name: entry.name,
      latField: entry.latField,
      lonField: entry.lonField,
      lineNameField: entry.lineNameField,
      structNumField: entry.structNumField,
      createdBy: target.userId,
    });
    files.push({
      sourceFileId,
      storageKey: file.storageKey,
      lineNameField: entry.lineNameField,
      structNumField: entry.structNumField,
    });
  }
  return files;
}

/** What a checked import adds: the save answers it before a background import has written it. */
export async function plannedSummary(
  db: Db,
  target: ImportTarget,
  checked: CheckedImport,
): Promise<ImportSummary> {
  const perStructure = target.perComponent ? await componentCount(db) : 1;
  return {
    files: checked.files.length,
    structures: checked.structures,
    lines: checked.lines,
    inspections: checked.structures * perStructure,
  };
}

/**
 * Checks and writes CSV files inside the caller's transaction: any problem leaves nothing behind. For
 * imports small enough to write at once (and for tools such as the benchmarks).
 */
export async function importCsvFiles(
  tx: Db,
  deps: Deps,
  target: ImportTarget,
  entries: readonly KmzEntry[],
  existingProject = false,
): Promise<ImportSummary> {
  if (entries.length === 0) return { files: 0, structures: 0, lines: 0, inspections: 0 };
  const checked = await checkCsvFiles(tx, deps, target, entries, existingProject);
  const files = await registerSourceFiles(tx, target, checked);
  const written = await writeCsvFiles(target, files, {
    storage: deps.storage,
    transaction: (work) => work(tx),
    batchRows: 20_000,
  });
  return {
    files: files.length,
    structures: written.structures,
    lines: checked.lines,
    inspections: written.inspections,
  };
}
