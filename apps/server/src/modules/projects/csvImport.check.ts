import {
  type CsvFileProblem,
  csvFileState,
  type KmzEntry,
  MAX_LISTED_ROWS,
  StructureCsvImport,
  type StructureRow,
  type StructureRowError,
} from '@linewalker/domain';
import type { Db } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { AppError } from '../../platform/errors.ts';
import { findArrivedUpload, KMZ_NOT_SUPPORTED } from '../sourceFiles/sourceFiles.service.ts';
import { textChunks } from '../sourceFiles/textChunks.ts';
import { existingStructureKeys, lineKeys } from './csvImport.repository.ts';
import {
  duplicateMessage,
  EXISTING,
  firstSeenAt,
  IMPORT_MESSAGES,
  refusedRow,
  storedNameProblems,
} from './csvImport.rows.ts';

/** The importer options that decide which rows of a file are valid (checking and writing read alike). */
export const rowChoiceOf = (entry: {
  latField: string;
  lonField: string;
  lineNameField: string;
  structNumField: string;
  structNumFallbackField?: string | null;
}) => ({
  latField: entry.latField,
  lonField: entry.lonField,
  lineNameField: entry.lineNameField,
  structNumField: entry.structNumField,
  structNumFallbackField: entry.structNumFallbackField ?? null,
});

/** Rows whose line names are looked up in one query while checking (memory stays flat). */
const CHECK_BATCH_ROWS = 20_000;

export interface ImportTarget {
  projectId: number;
  /** The customer company: lines are the company's. */
  companyId: number;
  userId: number;
  /** Component projects get one inspection per structure and component. */
  perComponent: boolean;
}

/** A file that passed every check, with what writing it needs. */
export interface CheckedFile {
  entry: KmzEntry;
  uploadId: string;
  storageKey: string;
  validRows: number;
  /** Rows left out because the user chose to import only the valid ones (0 otherwise). */
  skippedRows: number;
  /**
   * Rows the domain accepted but the server refuses (too long, repeated across files or in the project),
   * by row number: when skipping, the writer leaves these out too.
   */
  refusedRows: number[];
}

export interface CheckedImport {
  files: CheckedFile[];
  /** Structures the files will add (every valid row). */
  structures: number;
  /** Rows the files skip (only files whose entry asked to skip invalid rows have any). */
  skippedRows: number;
  /** Distinct lines the files use (as the database compares names: lower()). */
  lines: number;
  /** The mean position of the structures (where the work is: the project's time zone), null without any. */
  center: { lat: number; lon: number } | null;
}

/**
 * Reads every file once, through the domain parser and row checks (never trusting the client's own
 * validation, never holding a whole file), and writes nothing. On top of the domain rules (which see
 * one file) the server refuses names longer than their columns, NUL characters, and a structure
 * repeated on the same line across files, across spellings of the line name that the database
 * treats as one line (its lower()), or already in the project. Every file is read to the end so the
 * answer lists each file's errors (first 100 rows each): 400 `csv_invalid`.
 */
export async function checkCsvFiles(
  db: Db,
  deps: Deps,
  target: ImportTarget,
  entries: readonly KmzEntry[],
  existingProject: boolean,
): Promise<CheckedImport> {
  const check = new CsvImportCheck(db, deps, entries, target.userId);
  if (existingProject) await check.rememberExistingStructures(target.projectId);
  for (const [index, entry] of entries.entries()) await check.checkFile(index, entry);
  if (check.problems.length > 0) {
    throw new AppError(
      'csv_invalid',
      check.problems.map((p) => `${p.name}: ${p.reasons.join(' ')}`).join(' '),
      { files: check.problems },
    );
  }
  const { latSum, lonSum, positions } = check;
  const center = positions > 0 ? { lat: latSum / positions, lon: lonSum / positions } : null;
  return {
    files: check.files,
    structures: check.structures,
    skippedRows: check.skippedRows,
    lines: check.lineKeys.size,
    center,
  };
}

/** The state one check shares across its files: line keys, structures seen, what failed. */
class CsvImportCheck {
  readonly problems: CsvFileProblem[] = [];
  readonly files: CheckedFile[] = [];
  /** Line name as written → the database's lower() of it (the key lines are unique by). */
  readonly lineKeys = new Map<string, string>();
  /** `line key \0 struct_num` → where it was first seen. */
  private readonly seen = new Map<string, number>();
  private readonly fileNames: string[];
  structures = 0;
  skippedRows = 0;
  latSum = 0;
  lonSum = 0;
  positions = 0;

  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
    entries: readonly KmzEntry[],
    /** Only uploads this user signed are read. */
    private readonly userId: number,
  ) {
    this.fileNames = entries.map((e) => e.name);
  }

  async rememberExistingStructures(projectId: number): Promise<void> {
    for (const s of await existingStructureKeys(this.db, projectId)) {
      this.seen.set(`${s.line_key}\u0000${s.struct_num}`, EXISTING);
    }
  }

  private fail(entry: KmzEntry, reasons: string[], errorRowCount = 0, errorRows: StructureRowError[] = []) {
    this.problems.push({ url: entry.url, name: entry.name, reasons, errorRowCount, errorRows });
  }

  async checkFile(fileIndex: number, entry: KmzEntry): Promise<void> {
    const upload = await findArrivedUpload(this.db, this.deps, entry.url, this.userId);
    if (!upload) return this.fail(entry, [IMPORT_MESSAGES.fileNotFound]);
    if (upload.kind !== 'csv') return this.fail(entry, [KMZ_NOT_SUPPORTED]);

    // Rows the domain accepted but the server refuses.
    const refused: StructureRowError[] = [];
    const refusedRows: number[] = [];
    let refusedCount = 0;
    const refuse = (row: StructureRow, reasons: string[]) => {
      refusedCount++;
      refusedRows.push(row.rowNumber);
      if (refused.length < MAX_LISTED_ROWS) refused.push(refusedRow(row, reasons));
    };

    let pending: StructureRow[] = [];
    const importer = new StructureCsvImport({
      ...rowChoiceOf(entry),
      onValidRow: (row) => {
        const reasons = storedNameProblems(row);
        if (reasons.length > 0) refuse(row, reasons);
        else {
          pending.push(row);
          this.latSum += row.latitude;
          this.lonSum += row.longitude;
          this.positions++;
        }
      },
    });
    const flush = async () => {
      const rows = pending;
      pending = [];
      await this.checkRepeats(rows, fileIndex, refuse);
    };

    for await (const chunk of textChunks(await this.deps.storage.read(upload.storageKey))) {
      importer.push(chunk);
      if (pending.length >= CHECK_BATCH_ROWS) await flush();
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
    const validRows = report.validRows - refusedCount;
    const skip = entry.skipInvalidRows === true;
    const state = csvFileState({
      skipInvalidRows: skip,
      lineNameField: entry.lineNameField,
      structNumField: entry.structNumField,
      coordinateFieldsError: report.coordinateFieldsError,
      columnErrors: report.columnErrors,
      rowsChecked: report.rowsChecked,
      errorRowCount,
      validRows,
    });
    reasons.push(...state.reasons);
    if (reasons.length > 0) {
      const errorRows = [...report.errorRows, ...refused]
        .sort((a, b) => a.rowNumber - b.rowNumber)
        .slice(0, MAX_LISTED_ROWS);
      return this.fail(entry, reasons, errorRowCount, errorRows);
    }
    const skippedRows = skip ? errorRowCount : 0;
    this.files.push({
      entry,
      uploadId: upload.id,
      storageKey: upload.storageKey,
      validRows,
      skippedRows,
      refusedRows: skip ? refusedRows : [],
    });
    this.structures += validRows;
    this.skippedRows += skippedRows;
  }

  /** Refuses a structure already seen on the same line (as the database compares line names). */
  private async checkRepeats(
    rows: StructureRow[],
    fileIndex: number,
    refuse: (row: StructureRow, reasons: string[]) => void,
  ): Promise<void> {
    if (rows.length === 0) return;
    const unknown = [...new Set(rows.map((r) => r.line).filter((name) => !this.lineKeys.has(name)))];
    if (unknown.length > 0) {
      for (const [name, key] of await lineKeys(this.db, unknown)) this.lineKeys.set(name, key);
    }
    for (const row of rows) {
      const key = `${this.lineKeys.get(row.line)!}\u0000${row.structure}`;
      const first = this.seen.get(key);
      if (first !== undefined) refuse(row, [duplicateMessage(first, fileIndex, this.fileNames)]);
      else this.seen.set(key, firstSeenAt(fileIndex, row.rowNumber));
    }
  }
}
