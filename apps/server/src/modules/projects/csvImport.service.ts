import type { KmzEntry, ProjectSaveResponse } from '@linewalker/domain';
import type { UserActor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { type CheckedImport, checkCsvFiles, type ImportTarget } from './csvImport.check.ts';
import { projectImportJob } from './csvImport.job.ts';
import { componentCount, insertSourceFile, markImporting } from './csvImport.repository.ts';
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
      latField: entry.latField,
      lonField: entry.lonField,
      lineNameField: entry.lineNameField,
      structNumField: entry.structNumField,
      structNumFallbackField: entry.structNumFallbackField ?? null,
      refusedRows: file.refusedRows,
    });
  }
  return files;
}

/** What a checked import adds: the save answers it before a background import has written it. */
async function plannedSummary(db: Db, target: ImportTarget, checked: CheckedImport): Promise<ImportSummary> {
  const perStructure = target.perComponent ? await componentCount(db) : 1;
  return {
    files: checked.files.length,
    structures: checked.structures,
    skippedRows: checked.skippedRows,
    lines: checked.lines,
    inspections: checked.structures * perStructure,
  };
}

/** Registers and writes checked files inside the caller's transaction: any problem leaves nothing behind. */
async function writeInline(
  tx: Db,
  deps: Deps,
  target: ImportTarget,
  checked: CheckedImport,
): Promise<ImportSummary> {
  const files = await registerSourceFiles(tx, target, checked);
  const written = await writeCsvFiles(target, files, {
    storage: deps.storage,
    transaction: (work) => work(tx),
    batchRows: 20_000,
  });
  return { files: files.length, lines: checked.lines, skippedRows: checked.skippedRows, ...written };
}

export interface StartedImport {
  imported: ImportSummary;
  /** The background job writing the rows, or null when they were written in the caller's transaction. */
  importJobId: number | null;
}

/**
 * Writes checked files as part of a project save (inside its transaction): at once when small, else by
 * a `projects.import-csv` job queued in the same transaction, the project marked importing meanwhile.
 */
export async function startImport(
  tx: Db,
  deps: Deps,
  actor: UserActor,
  target: ImportTarget,
  checked: CheckedImport,
  newProject: boolean,
): Promise<StartedImport> {
  if (checked.structures <= INLINE_IMPORT_MAX_ROWS) {
    return { imported: await writeInline(tx, deps, target, checked), importJobId: null };
  }
  const files = await registerSourceFiles(tx, target, checked);
  const job = await enqueue(
    tx,
    projectImportJob,
    { ...target, newProject, totalRows: checked.structures, files },
    { actor },
  );
  await markImporting(tx, target.projectId, job.id);
  return { imported: await plannedSummary(tx, target, checked), importJobId: job.id };
}

/** Checks and writes CSV files inside the caller's transaction, whatever their size (tools, benchmarks). */
export async function importCsvFiles(
  tx: Db,
  deps: Deps,
  target: ImportTarget,
  entries: readonly KmzEntry[],
  existingProject = false,
): Promise<ImportSummary> {
  if (entries.length === 0) return { files: 0, structures: 0, skippedRows: 0, lines: 0, inspections: 0 };
  return writeInline(tx, deps, target, await checkCsvFiles(tx, deps, target, entries, existingProject));
}
