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
import { existingStructureKeys, lineKeys } from './csvImport.repository.ts';
import {
  duplicateMessage,
  EXISTING,
  firstSeenAt,
  IMPORT_MESSAGES,
  refusedRow,
  storedNameProblems,
} from './csvImport.rows.ts';

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
}

export interface CheckedImport {
  files: CheckedFile[];
  /** Structures the files will add (every valid row). */
  structures: number;
  /** Distinct lines the files use (as the database compares names: lower()). */
  lines: number;
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
  const check = new CsvImportCheck(db, deps, entries);
  if (existingProject) await check.rememberExistingStructures(target.projectId);
  for (const [index, entry] of entries.entries()) await check.checkFile(index, entry);
  if (check.problems.length > 0) {
    throw new AppError(
      'csv_invalid',
      check.problems.map((p) => `${p.name}: ${p.reasons.join(' ')}`).join(' '),
      { files: check.problems },
    );
  }
  return { files: check.files, structures: check.structures, lines: check.lineKeys.size };
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

  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
    entries: readonly KmzEntry[],
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
    const upload = await findArrivedUpload(this.db, this.deps.storage, entry.url);
    if (!upload) return this.fail(entry, [IMPORT_MESSAGES.fileNotFound]);
    if (upload.kind !== 'csv') return this.fail(entry, [KMZ_NOT_SUPPORTED]);

    // Rows the domain accepted but the server refuses.
    const refused: StructureRowError[] = [];
    let refusedCount = 0;
    const refuse = (row: StructureRow, reasons: string[]) => {
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
        else pending.push(row);
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
    const state = csvFileState({
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
    this.files.push({ entry, uploadId: upload.id, storageKey: upload.storageKey, validRows });
    this.structures += validRows;
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
