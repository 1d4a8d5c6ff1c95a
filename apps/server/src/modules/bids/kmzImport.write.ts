import type { StructureRow } from '@linewalker/domain';
import type { WriteOptions } from '../projects/csvImport.write.ts';
import { countFileStructures, insertStructureBatch, resolveLines } from '../projects/projectSteps.service.ts';
import { forEachKmzRow, type KmzRowMapping } from './kmzRows.ts';

/** A checked KMZ to write, with the source-file row its structures point at. */
export interface KmzFileToWrite extends KmzRowMapping {
  sourceFileId: number;
  storageKey: string;
  /** Placemark numbers the check found to repeat an earlier one exactly: never written. */
  repeats: number[];
  /** Placemark numbers the check refused (duplicates): left out, as the file skips its invalid placemarks. */
  refused: number[];
  /** Placemarks that fail their row rules are skipped (else one is a changed file). */
  skipInvalid: boolean;
}

/** The same batch writes as a CSV import: one committed transaction per batch. */
export type KmzWriteOptions = WriteOptions;

/** A placemark the check passed is refused now: the stored file changed, which uploads never do. */
export class KmzChangedError extends Error {}

/**
 * Writes the structures of KMZ files that `checkKmzFiles` passed, as the CSV import writes its rows
 * (`insertStructureBatch`, source type 2 'KMZ', the company's lines reused): resumable, because a file's
 * structures already written (a stopped earlier run) are counted and that many placemarks skipped, and
 * placemarks come out of a stored file in the same order every time.
 */
export async function writeKmzFiles(
  target: { projectId: number; companyId: number; userId: number; perComponent: boolean },
  files: readonly KmzFileToWrite[],
  options: KmzWriteOptions,
): Promise<{ structures: number; inspections: number }> {
  const lineIds = new Map<string, number>();
  const summary = { structures: 0, inspections: 0 };
  let done = 0;
  for (const file of files) {
    let skip = await options.transaction((tx) => countFileStructures(tx, file.sourceFileId));
    done += skip;
    const leftOut = new Set([...file.repeats, ...file.refused]);
    let pending: StructureRow[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      options.signal?.throwIfAborted();
      const rows = pending;
      pending = [];
      const started = performance.now();
      const written = await options.transaction(async (tx) => {
        const unknown = [...new Set(rows.map((r) => r.line).filter((n) => !lineIds.has(n)))];
        if (unknown.length > 0) {
          for (const [n, id] of await resolveLines(tx, target.companyId, target.projectId, unknown)) {
            lineIds.set(n, id);
          }
        }
        return insertStructureBatch(tx, target, file.sourceFileId, {
          lineIds: rows.map((r) => lineIds.get(r.line)!),
          structNums: rows.map((r) => r.structure),
          lons: rows.map((r) => r.longitude),
          lats: rows.map((r) => r.latitude),
        });
      });
      await options.afterBatch?.(performance.now() - started);
      summary.structures += written.structures;
      summary.inspections += written.inspections;
      done += written.structures;
      await options.onProgress?.(done);
    };
    await forEachKmzRow(await options.storage.read(file.storageKey), file, async (r) => {
      if (!r.ok) {
        if (file.skipInvalid) return;
        throw new KmzChangedError(`Placemark ${r.error.rowNumber} of a checked file is refused`);
      }
      if (leftOut.has(r.row.rowNumber)) return;
      if (skip > 0) {
        skip--;
        return;
      }
      pending.push(r.row);
      if (pending.length >= options.batchRows) await flush();
    });
    await flush();
  }
  return summary;
}
