import { StructureCsvImport, type StructureRow } from '@linewalker/domain';
import type { Db } from '../../platform/db/client.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { textChunks } from '../sourceFiles/textChunks.ts';
import { type ImportTarget, rowChoiceOf } from './csvImport.check.ts';
import { countFileStructures, insertStructureBatch, resolveLines } from './csvImport.repository.ts';

/** A checked file to write, with the source-file row its structures point at. */
export interface FileToWrite {
  sourceFileId: number;
  storageKey: string;
  lineNameField: string;
  structNumField: string;
  /** The coordinate columns the check used (hand-picked ones included); absent in older job payloads. */
  latField?: string;
  lonField?: string;
  structNumFallbackField?: string | null;
  /** Row numbers the check refused and the user chose to skip. */
  refusedRows?: number[];
}

export interface WriteOptions {
  storage: Storage;
  /**
   * Runs one batch's writes: inside the caller's transaction (a small import, all or nothing) or in a
   * transaction of its own (a background import commits per batch so other requests interleave).
   */
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  batchRows: number;
  /** Told after each batch with the structures written so far (resumed ones included). */
  onProgress?: (done: number) => Promise<void>;
  /** Stops between batches (a worker shutting down). */
  signal?: AbortSignal;
  /** Awaited after each batch with how long it took (a background import gives the database back). */
  afterBatch?: (batchMs: number) => Promise<void>;
}

export interface WriteSummary {
  structures: number;
  inspections: number;
}

/**
 * Writes the valid rows of files that `checkCsvFiles` passed. Resumable: a file's structures already in
 * the database (an earlier run that was stopped) are counted and that many valid rows skipped, so a
 * rerun continues where the last committed batch ended and never writes a row twice. Rows come out of
 * the parser in file order every time, because the stored files never change once uploaded.
 */
export async function writeCsvFiles(
  target: ImportTarget,
  files: readonly FileToWrite[],
  options: WriteOptions,
): Promise<WriteSummary> {
  const lineIds = new Map<string, number>();
  const summary: WriteSummary = { structures: 0, inspections: 0 };
  let done = 0;

  const writeBatch = (rows: StructureRow[], sourceFileId: number) =>
    options.transaction(async (tx) => {
      const unknown = [...new Set(rows.map((r) => r.line).filter((name) => !lineIds.has(name)))];
      if (unknown.length > 0) {
        for (const [name, id] of await resolveLines(tx, target.companyId, target.projectId, unknown)) {
          lineIds.set(name, id);
        }
      }
      return insertStructureBatch(tx, target, sourceFileId, {
        lineIds: rows.map((r) => lineIds.get(r.line)!),
        structNums: rows.map((r) => r.structure),
        lons: rows.map((r) => r.longitude),
        lats: rows.map((r) => r.latitude),
      });
    });

  for (const file of files) {
    let skip = await options.transaction((tx) => countFileStructures(tx, file.sourceFileId));
    done += skip;
    let pending: StructureRow[] = [];
    const refused = new Set(file.refusedRows ?? []);
    const importer = new StructureCsvImport({
      ...rowChoiceOf({ ...file, latField: file.latField ?? '', lonField: file.lonField ?? '' }),
      onValidRow: (row) => {
        if (refused.has(row.rowNumber)) return;
        if (skip > 0) skip--;
        else pending.push(row);
      },
    });
    const flush = async () => {
      if (pending.length === 0) return;
      options.signal?.throwIfAborted();
      const started = performance.now();
      const written = await writeBatch(pending, file.sourceFileId);
      await options.afterBatch?.(performance.now() - started);
      summary.structures += written.structures;
      summary.inspections += written.inspections;
      done += written.structures;
      pending = [];
      await options.onProgress?.(done);
    };
    for await (const chunk of textChunks(await options.storage.read(file.storageKey))) {
      importer.push(chunk);
      while (pending.length >= options.batchRows) {
        const rest = pending.slice(options.batchRows);
        pending = pending.slice(0, options.batchRows);
        await flush();
        pending = rest;
      }
    }
    importer.end();
    await flush();
  }
  return summary;
}
