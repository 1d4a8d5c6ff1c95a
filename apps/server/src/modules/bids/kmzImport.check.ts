import {
  KMZ_LIMITS,
  KMZ_MESSAGES,
  type KmzFileProblem,
  type KmzMapping,
  kmzFieldLabel,
  MAX_LISTED_ROWS,
  type StructureRow,
  type StructureRowError,
} from '@linewalker/domain';
import type { Db } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { AppError } from '../../platform/errors.ts';
import { lineKeys } from '../projects/csvImport.repository.ts';
import { duplicateMessage, firstSeenAt, refusedRow } from '../projects/csvImport.rows.ts';
import { KmzReadError } from '../sourceFiles/kmz/kmlText.ts';
import { findArrivedUpload } from '../sourceFiles/sourceFiles.service.ts';
import { forEachKmzRow, type KmzRowMapping } from './kmzRows.ts';

/** Rows whose line names are looked up in one query while checking. */
const CHECK_BATCH_ROWS = 20_000;

export interface CheckedKmzFile {
  entry: KmzMapping;
  mapping: KmzRowMapping;
  uploadId: string;
  storageKey: string;
  structures: number;
  /** Placemark numbers that repeat an earlier placemark exactly (line, structure and point): written once. */
  repeats: number[];
}

export interface CheckedKmzImport {
  files: CheckedKmzFile[];
  structures: number;
  /** Placemarks that repeated an earlier one exactly, across all files. */
  repeated: number;
  lines: number;
  center: { lat: number; lon: number } | null;
}

export const mappingOf = (entry: KmzMapping): KmzRowMapping => ({
  lineName: entry.lineName?.trim() ? entry.lineName.trim() : null,
  lineField: entry.lineName?.trim() ? null : (entry.lineField ?? null),
  structureField: entry.structureField,
});

/**
 * Reads every mapped KMZ once (never trusting the client's view of it) and writes nothing, as the CSV import
 * does: a file that cannot be read, a chosen field the file does not have, no point placemarks, a placemark
 * without a usable line, structure or point, and a structure name repeated on a line at another point
 * (across files too, line names compared as the database does) are all listed, per file with its first 100 bad placemarks, in one
 * 400 `kmz_invalid`.
 */
export async function checkKmzFiles(
  db: Db,
  deps: Deps,
  userId: number,
  entries: readonly KmzMapping[],
): Promise<CheckedKmzImport> {
  const problems: KmzFileProblem[] = [];
  const files: CheckedKmzFile[] = [];
  const keyOf = new Map<string, string>();
  /** `line key \0 structure` → where it was first seen and its point. */
  const seen = new Map<string, { at: number; lat: number; lon: number }>();
  let repeated = 0;
  const names = entries.map((e) => e.name);
  let structures = 0;
  let latSum = 0;
  let lonSum = 0;

  for (const [fileIndex, entry] of entries.entries()) {
    const fail = (reasons: string[], errorRowCount = 0, errorRows: StructureRowError[] = []) =>
      problems.push({ url: entry.url, name: entry.name, reasons, errorRowCount, errorRows });
    const upload = await findArrivedUpload(db, deps, entry.url, userId);
    if (upload?.kind !== 'kmz') {
      fail([KMZ_MESSAGES.fileNotFound]);
      continue;
    }
    if ((upload.sizeBytes ?? 0) > KMZ_LIMITS.fileBytes) {
      fail([KMZ_MESSAGES.fileTooLarge]);
      continue;
    }
    const mapping = mappingOf(entry);
    const errors: StructureRowError[] = [];
    let errorCount = 0;
    let valid = 0;
    const repeats: number[] = [];
    let pending: StructureRow[] = [];
    const refuse = (error: StructureRowError) => {
      errorCount++;
      if (errors.length < MAX_LISTED_ROWS) errors.push(error);
    };
    const flush = async () => {
      const rows = pending;
      pending = [];
      const unknown = [...new Set(rows.map((r) => r.line).filter((n) => !keyOf.has(n)))];
      if (unknown.length > 0) for (const [n, k] of await lineKeys(db, unknown)) keyOf.set(n, k);
      for (const row of rows) {
        const key = `${keyOf.get(row.line)!}\u0000${row.structure}`;
        const first = seen.get(key);
        // The same tower listed twice (OSM exports list a shared node under every line) is one structure;
        // the same name at another point is a mistake to fix in the file.
        if (first !== undefined && first.lat === row.latitude && first.lon === row.longitude) {
          repeats.push(row.rowNumber);
        } else if (first !== undefined) {
          refuse(refusedRow(row, [duplicateMessage(first.at, fileIndex, names)]));
        } else {
          seen.set(key, { at: firstSeenAt(fileIndex, row.rowNumber), lat: row.latitude, lon: row.longitude });
          valid++;
          latSum += row.latitude;
          lonSum += row.longitude;
        }
      }
    };
    let read: { fieldsSeen: Set<string>; points: number };
    try {
      read = await forEachKmzRow(await deps.storage.read(upload.storageKey), mapping, async (r) => {
        if (!r.ok) return refuse(r.error);
        pending.push(r.row);
        if (pending.length >= CHECK_BATCH_ROWS) await flush();
      });
      await flush();
    } catch (err) {
      if (err instanceof KmzReadError) {
        fail([err.message]);
        continue;
      }
      throw err;
    }
    const reasons: string[] = [];
    if (read.points === 0) reasons.push(KMZ_MESSAGES.noPoints);
    for (const field of [mapping.lineField, mapping.structureField]) {
      if (field && read.points > 0 && !read.fieldsSeen.has(field)) {
        reasons.push(KMZ_MESSAGES.fieldNotInFile(kmzFieldLabel(field)));
      }
    }
    if (reasons.length === 0 && errorCount > 0) {
      reasons.push(`${errorCount} placemark${errorCount === 1 ? '' : 's'} cannot be imported.`);
    }
    if (reasons.length > 0) {
      fail(
        reasons,
        errorCount,
        errors.sort((a, b) => a.rowNumber - b.rowNumber),
      );
      continue;
    }
    files.push({
      entry,
      mapping,
      uploadId: upload.id,
      storageKey: upload.storageKey,
      structures: valid,
      repeats,
    });
    structures += valid;
    repeated += repeats.length;
  }
  if (problems.length > 0) {
    throw new AppError('kmz_invalid', problems.map((p) => `${p.name}: ${p.reasons.join(' ')}`).join(' '), {
      files: problems,
    });
  }
  const lines = new Set(keyOf.values()).size;
  const center = structures > 0 ? { lat: latSum / structures, lon: lonSum / structures } : null;
  return { files, structures, repeated, lines, center };
}
