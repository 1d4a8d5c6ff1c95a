import {
  type CsvFileProblem,
  csvFileState,
  type KmzEntry,
  MAX_LISTED_ROWS,
  StructureCsvImport,
  type StructureRow,
  type StructureRowError,
} from '@linewalker/domain';
import type { Deps } from '../../app.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { textChunks } from '../uploads/textChunks.ts';
import { findArrivedUpload, KMZ_NOT_SUPPORTED } from '../uploads/uploads.service.ts';
import {
  createInspections,
  existingStructures,
  insertSourceFile,
  insertStructureBatch,
  resolveLines,
} from './csvImport.repository.ts';
import {
  duplicateMessage,
  EXISTING,
  firstSeenAt,
  IMPORT_MESSAGES,
  refusedRow,
  storedNameProblems,
} from './csvImport.rows.ts';

/** Rows per INSERT: large enough that statement overhead vanishes, small enough to keep memory flat. */
const BATCH_ROWS = 20_000;

export interface ImportTarget {
  projectId: number;
  /** The customer company: lines are the company's. */
  companyId: number;
  userId: number;
  /** Component projects get one inspection per structure and component. */
  perComponent: boolean;
  /** Adding files to a project that may already have structures (update). */
  existingProject: boolean;
}

export interface ImportSummary {
  files: number;
  structures: number;
  lines: number;
  inspections: number;
}

/**
 * Imports structure CSVs into a project inside the caller's transaction. Every file streams from storage
 * through the domain parser and row checks (never trusting the client's own validation, never holding a
 * whole file); valid rows are written in batches as they come. After the first problem nothing more is
 * written but the files are still read to the end, so the answer lists every file's errors (first 100
 * rows each); the caller's transaction then rolls back and nothing remains.
 *
 * On top of the domain rules (which see one file), the server refuses: names longer than their columns,
 * NUL characters, and a structure repeated on the same stored line across files, across spellings of the
 * line name that the database treats as one line (any case), or already in the project.
 */
export async function importCsvFiles(
  tx: Db,
  deps: Deps,
  target: ImportTarget,
  entries: readonly KmzEntry[],
): Promise<ImportSummary> {
  if (entries.length === 0) return { files: 0, structures: 0, lines: 0, inspections: 0 };
  const run = new CsvImportRun(tx, deps, target, entries);
  if (target.existingProject) await run.rememberExistingStructures();
  for (const [index, entry] of entries.entries()) await run.importFile(index, entry);
  if (run.problems.length > 0) {
    throw new AppError(
      'csv_invalid',
      run.problems.map((p) => `${p.name}: ${p.reasons.join(' ')}`).join(' '),
      { files: run.problems },
    );
  }
  const inspections = await createInspections(tx, target.projectId, run.sourceFileIds, target.perComponent);
  return {
    files: entries.length,
    structures: run.structures,
    lines: new Set(run.lineIds.values()).size,
    inspections,
  };
}

/** The state one import shares across its files: line ids, structures seen, whether anything failed. */
class CsvImportRun {
  readonly problems: CsvFileProblem[] = [];
  readonly sourceFileIds: number[] = [];
  /** Line name as written → line id. */
  readonly lineIds = new Map<string, number>();
  /** `line id \0 struct_num` → where it was first seen. */
  private readonly seen = new Map<string, number>();
  private readonly fileNames: string[];
  /** Once true nothing more is written; the files are still checked for the answer. */
  private failed = false;
  structures = 0;

  constructor(
    private readonly tx: Db,
    private readonly deps: Deps,
    private readonly target: ImportTarget,
    entries: readonly KmzEntry[],
  ) {
    this.fileNames = entries.map((e) => e.name);
  }

  async rememberExistingStructures(): Promise<void> {
    for (const s of await existingStructures(this.tx, this.target.projectId)) {
      this.seen.set(`${s.line_id}\u0000${s.struct_num}`, EXISTING);
    }
  }

  private fail(entry: KmzEntry, reasons: string[], errorRowCount = 0, errorRows: StructureRowError[] = []) {
    this.failed = true;
    this.problems.push({ url: entry.url, name: entry.name, reasons, errorRowCount, errorRows });
  }

  async importFile(fileIndex: number, entry: KmzEntry): Promise<void> {
    const upload = await findArrivedUpload(this.tx, this.deps.storage, entry.url);
    if (!upload) return this.fail(entry, [IMPORT_MESSAGES.fileNotFound]);
    if (upload.kind !== 'csv') return this.fail(entry, [KMZ_NOT_SUPPORTED]);
    const sourceFileId = await insertSourceFile(this.tx, {
      projectId: this.target.projectId,
      fileUploadId: upload.id,
      kind: 'csv',
      storageKey: upload.storageKey,
      url: entry.url,
      name: entry.name,
      latField: entry.latField,
      lonField: entry.lonField,
      lineNameField: entry.lineNameField,
      structNumField: entry.structNumField,
      createdBy: this.target.userId,
    });
    this.sourceFileIds.push(sourceFileId);

    // Rows the domain accepted but the server refuses.
    const refused: StructureRowError[] = [];
    let refusedCount = 0;
    const refuse = (row: StructureRow, reasons: string[]) => {
      this.failed = true;
      refusedCount++;
      if (refused.length < MAX_LISTED_ROWS) refused.push(refusedRow(row, reasons));
    };

    let pending: StructureRow[] = [];
    const importer = new StructureCsvImport({
      lineNameField: entry.lineNameField,
      structNumField: entry.structNumField,
      onValidRow: (row) => {
        const reasons = storedNameProblems(row);
        if (reasons.length > 0) refuse(row, reasons);
        else if (!this.failed) pending.push(row);
      },
    });
    const flush = async () => {
      const rows = pending;
      pending = [];
      await this.writeRows(rows, fileIndex, sourceFileId, refuse);
    };

    for await (const chunk of textChunks(await this.deps.storage.read(upload.storageKey))) {
      importer.push(chunk);
      if (pending.length >= BATCH_ROWS) await flush();
    }
    const report = importer.end();
    await flush();

    const reasons: string[] = [];
    if (
      report.coordinateFieldsError === null &&
      (report.latField !== entry.latField || report.lonField !== entry.lonField)
    ) {
      reasons.push(IMPORT_MESSAGES.coordinatesChanged(report.latField, report.lonField));
    }
    const errorRowCount = report.errorRowCount + refusedCount;
    const state = csvFileState({
      lineNameField: entry.lineNameField,
      structNumField: entry.structNumField,
      coordinateFieldsError: report.coordinateFieldsError,
      columnErrors: report.columnErrors,
      rowsChecked: report.rowsChecked,
      errorRowCount,
      validRows: report.validRows - refusedCount,
    });
    reasons.push(...state.reasons);
    if (reasons.length > 0) {
      const errorRows = [...report.errorRows, ...refused]
        .sort((a, b) => a.rowNumber - b.rowNumber)
        .slice(0, MAX_LISTED_ROWS);
      this.fail(entry, reasons, errorRowCount, errorRows);
    }
  }

  /** Resolves the rows' lines, refuses repeats, and writes the rest in one INSERT (unless failed). */
  private async writeRows(
    rows: StructureRow[],
    fileIndex: number,
    sourceFileId: number,
    refuse: (row: StructureRow, reasons: string[]) => void,
  ): Promise<void> {
    if (this.failed || rows.length === 0) return;
    const unknown = [...new Set(rows.map((r) => r.line).filter((name) => !this.lineIds.has(name)))];
    if (unknown.length > 0) {
      const { companyId, projectId } = this.target;
      for (const [name, id] of await resolveLines(this.tx, companyId, projectId, unknown)) {
        this.lineIds.set(name, id);
      }
    }
    const batch = {
      lineIds: [] as number[],
      structNums: [] as string[],
      lons: [] as number[],
      lats: [] as number[],
    };
    for (const row of rows) {
      const lineId = this.lineIds.get(row.line)!;
      const key = `${lineId}\u0000${row.structure}`;
      const first = this.seen.get(key);
      if (first !== undefined) {
        refuse(row, [duplicateMessage(first, fileIndex, this.fileNames)]);
        continue;
      }
      this.seen.set(key, firstSeenAt(fileIndex, row.rowNumber));
      batch.lineIds.push(lineId);
      batch.structNums.push(row.structure);
      batch.lons.push(row.longitude);
      batch.lats.push(row.latitude);
    }
    if (this.failed) return;
    await insertStructureBatch(this.tx, this.target.projectId, sourceFileId, this.target.userId, batch);
    this.structures += batch.lineIds.length;
  }
}
