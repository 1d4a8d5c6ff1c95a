import {
  formatCount,
  KMZ_LIMITS,
  KMZ_MESSAGES,
  type KmzFileCheck,
  type KmzMapping,
  kmzFieldKey,
  kmzFieldLabel,
  MAX_LISTED_ROWS,
  ROW_ERROR_MESSAGES,
  type StructureRow,
  type StructureRowError,
  skipChoiceLabel,
} from '@linewalker/domain';
import type { Db } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.types.ts';

type KmzDeps = Pick<Deps, 'storage' | 'config'>;

import { AppError } from '../../platform/errors.ts';
import { duplicateMessage, firstSeenAt, IMPORT_MESSAGES, refusedRow } from '../projects/csvImport.rows.ts';
import { lineKeys } from '../projects/projectSteps.service.ts';
import { KmzReadError } from '../sourceFiles/kmz/kmlText.ts';
import { findArrivedUpload } from '../sourceFiles/sourceFiles.service.ts';
import { forEachKmzRow, type KmzRowMapping } from './kmzRows.ts';

/** Rows whose line names are looked up in one query while checking. */
const CHECK_BATCH_ROWS = 20_000;

/** A file that passed the check (or whose invalid placemarks are skipped), with what writing it needs. */
export interface CheckedKmzFile {
  entry: KmzMapping;
  mapping: KmzRowMapping;
  uploadId: string;
  storageKey: string;
  structures: number;
  /** Placemark numbers that repeat an earlier placemark exactly (line, structure and point): written once. */
  repeats: number[];
  /** Placemark numbers refused by the cross-placemark check (duplicates), left out when skipping. */
  refused: number[];
  /** Placemarks that fail their own row rules are left out instead of failing the import. */
  skipInvalid: boolean;
}

export interface KmzInspection {
  /** One verdict per entry, in order: the counts the mapping step shows. */
  checks: KmzFileCheck[];
  /** The files that can be written as mapped (all of them when no check has reasons). */
  files: CheckedKmzFile[];
  structures: number;
  repeated: number;
  skipped: number;
  lines: number;
  center: { lat: number; lon: number } | null;
}

export type CheckedKmzImport = Omit<KmzInspection, 'checks'>;

/** A mapping as the rows are read: field names taken as offered (key or label), a fixed name trimmed. */
export const mappingOf = (entry: KmzMapping): KmzRowMapping => ({
  lineName: entry.lineName?.trim() ? entry.lineName.trim() : null,
  lineField: entry.lineName?.trim() || !entry.lineField ? null : kmzFieldKey(entry.lineField),
  structureField: kmzFieldKey(entry.structureField),
});

const isTooLong = (e: StructureRowError) =>
  e.reasons.some(
    (r) =>
      r === ROW_ERROR_MESSAGES.lineTooLong ||
      r === ROW_ERROR_MESSAGES.structureTooLong ||
      r === IMPORT_MESSAGES.lineTooLong ||
      r === IMPORT_MESSAGES.structureTooLong,
  );

/**
 * Reads every mapped KMZ once (never trusting the client's view of it) and writes nothing, as the CSV import
 * does: a file that cannot be read, a chosen field the file does not have, no point placemarks, a placemark
 * without a usable line, structure or point, and a structure name repeated on a line at another point
 * (across files too, line names compared as the database does). Each file gets its counts (valid,
 * repeated, refused, of which duplicates and too-long names) and its reasons; refused placemarks are a
 * reason unless the entry skips them. `onRefused` sees every refused placemark (the skipped-rows list).
 */
export async function inspectKmzFiles(
  db: Db,
  deps: KmzDeps,
  userId: number,
  entries: readonly KmzMapping[],
  onRefused?: (fileIndex: number, error: StructureRowError) => void,
): Promise<KmzInspection> {
  const checks: KmzFileCheck[] = [];
  const files: CheckedKmzFile[] = [];
  const keyOf = new Map<string, string>();
  /** `line key \0 structure` → where it was first seen and its point. */
  const seen = new Map<string, { at: number; lat: number; lon: number }>();
  const names = entries.map((e) => e.name);
  const totals = { structures: 0, repeated: 0, skipped: 0, latSum: 0, lonSum: 0 };

  for (const [fileIndex, entry] of entries.entries()) {
    const check = emptyCheck(entry, []);
    checks.push(check);
    const upload = await findArrivedUpload(db, deps, entry.url, userId);
    if (upload?.kind !== 'kmz') {
      check.reasons.push(KMZ_MESSAGES.fileNotFound);
      continue;
    }
    if ((upload.sizeBytes ?? 0) > KMZ_LIMITS.fileBytes) {
      check.reasons.push(KMZ_MESSAGES.fileTooLarge);
      continue;
    }
    const mapping = mappingOf(entry);
    const repeats: number[] = [];
    const refused: number[] = [];
    let sums = { lat: 0, lon: 0 };
    let pending: StructureRow[] = [];
    const refuse = (error: StructureRowError, duplicate: boolean) => {
      check.errorRowCount++;
      if (duplicate) check.duplicates++;
      if (isTooLong(error)) check.tooLong++;
      if (check.errorRows.length < MAX_LISTED_ROWS) check.errorRows.push(error);
      onRefused?.(fileIndex, error);
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
        // the same name at another point is a mistake to fix in the file (or to skip).
        if (first !== undefined && first.lat === row.latitude && first.lon === row.longitude) {
          repeats.push(row.rowNumber);
        } else if (first !== undefined) {
          refused.push(row.rowNumber);
          refuse(refusedRow(row, [duplicateMessage(first.at, fileIndex, names)]), true);
        } else {
          seen.set(key, { at: firstSeenAt(fileIndex, row.rowNumber), lat: row.latitude, lon: row.longitude });
          check.validRows++;
          sums = { lat: sums.lat + row.latitude, lon: sums.lon + row.longitude };
        }
      }
    };
    let read: { fieldsSeen: Set<string>; points: number };
    try {
      read = await forEachKmzRow(await deps.storage.read(upload.storageKey), mapping, async (r) => {
        if (!r.ok) return refuse(r.error, false);
        pending.push(r.row);
        if (pending.length >= CHECK_BATCH_ROWS) await flush();
      });
      await flush();
    } catch (err) {
      if (err instanceof KmzReadError) {
        check.reasons.push(err.message);
        continue;
      }
      throw err;
    }
    check.points = read.points;
    check.repeated = repeats.length;
    check.errorRows.sort((a, b) => a.rowNumber - b.rowNumber);
    if (read.points === 0) check.reasons.push(KMZ_MESSAGES.noPoints);
    for (const field of [mapping.lineField, mapping.structureField]) {
      if (field && read.points > 0 && !read.fieldsSeen.has(field)) {
        check.reasons.push(KMZ_MESSAGES.fieldNotInFile(kmzFieldLabel(field)));
      }
    }
    const skipInvalid = entry.skipInvalidRows === true;
    if (check.reasons.length === 0 && check.errorRowCount > 0 && !skipInvalid) {
      const n = check.errorRowCount;
      check.reasons.push(
        // Counts written as the form's choice writes them ('Import 1,172 valid rows, skip 33').
        `${formatCount(n)} placemark${n === 1 ? '' : 's'} cannot be imported. ` +
          `Choose '${skipChoiceLabel(formatCount(check.validRows), formatCount(n))}' or fix the file.`,
      );
    }
    if (check.reasons.length === 0 && check.validRows === 0) check.reasons.push(KMZ_MESSAGES.noValidPoints);
    if (check.reasons.length > 0) continue;
    files.push({
      entry,
      mapping,
      uploadId: upload.id,
      storageKey: upload.storageKey,
      structures: check.validRows,
      repeats,
      refused,
      skipInvalid,
    });
    totals.structures += check.validRows;
    totals.repeated += repeats.length;
    totals.skipped += check.errorRowCount;
    totals.latSum += sums.lat;
    totals.lonSum += sums.lon;
  }
  const lines = new Set(keyOf.values()).size;
  const { structures, repeated, skipped } = totals;
  const center = structures > 0 ? { lat: totals.latSum / structures, lon: totals.lonSum / structures } : null;
  return { checks, files, structures, repeated, skipped, lines, center };
}

interface ArrivedKmz {
  entry: KmzMapping;
  uploadId: string;
  storageKey: string;
}

const kmzInvalid = (problems: KmzFileCheck[]) =>
  new AppError('kmz_invalid', problems.map((p) => `${p.name}: ${p.reasons.join(' ')}`).join(' '), {
    files: problems.map((p) => ({
      url: p.url,
      name: p.name,
      reasons: p.reasons,
      errorRowCount: p.errorRowCount,
      errorRows: p.errorRows,
    })),
  });

const emptyCheck = (entry: KmzMapping, reasons: string[]): KmzFileCheck => ({
  url: entry.url,
  name: entry.name,
  points: 0,
  validRows: 0,
  repeated: 0,
  errorRowCount: 0,
  duplicates: 0,
  tooLong: 0,
  reasons,
  errorRows: [],
});

/**
 * What a save checks before it answers, without reading any file: each KMZ was uploaded by this user, is
 * a KMZ and within its size (400 `kmz_invalid` otherwise). Reading the placemarks is the import job's.
 */
export async function requireArrivedKmzFiles(
  db: Db,
  deps: KmzDeps,
  userId: number,
  entries: readonly KmzMapping[],
): Promise<ArrivedKmz[]> {
  const arrived: ArrivedKmz[] = [];
  const problems: KmzFileCheck[] = [];
  for (const entry of entries) {
    const upload = await findArrivedUpload(db, deps, entry.url, userId);
    if (upload?.kind !== 'kmz') problems.push(emptyCheck(entry, [KMZ_MESSAGES.fileNotFound]));
    else if ((upload.sizeBytes ?? 0) > KMZ_LIMITS.fileBytes) {
      problems.push(emptyCheck(entry, [KMZ_MESSAGES.fileTooLarge]));
    } else arrived.push({ entry, uploadId: upload.id, storageKey: upload.storageKey });
  }
  if (problems.length > 0) throw kmzInvalid(problems);
  return arrived;
}

/** The check of a save's files: every file must pass (400 `kmz_invalid` listing each that does not). */
export async function checkKmzFiles(
  db: Db,
  deps: KmzDeps,
  userId: number,
  entries: readonly KmzMapping[],
): Promise<CheckedKmzImport> {
  const { checks, ...checked } = await inspectKmzFiles(db, deps, userId, entries);
  const problems = checks.filter((c) => c.reasons.length > 0);
  if (problems.length > 0) throw kmzInvalid(problems);
  return checked;
}
