import type { Readable } from 'node:stream';
import {
  coordinateReasons,
  MAX_LINE_NAME_LENGTH,
  MAX_STRUCTURE_NAME_LENGTH,
  ROW_ERROR_MESSAGES,
  rowErrorText,
  type StructureRow,
  type StructureRowError,
} from '@linewalker/domain';
import { IMPORT_MESSAGES } from '../projects/csvImport.rows.ts';
import { readPlacemarks } from '../sourceFiles/kmz/kmlPlacemarks.ts';
import { kmlText } from '../sourceFiles/kmz/kmlText.ts';

/** How one file's placemarks become structures: a fixed line name or a line field, and a structure field. */
export interface KmzRowMapping {
  lineName: string | null;
  lineField: string | null;
  structureField: string;
}

export type KmzRow = { ok: true; row: StructureRow } | { ok: false; error: StructureRowError };

const longerThan = (text: string, limit: number) => text.length > limit && [...text].length > limit;

/** One point placemark as a structure row, or every reason it cannot be one (the row is its number). */
export function placemarkRow(
  mapping: KmzRowMapping,
  p: { number: number; fields: Map<string, string>; point: { lon: string; lat: string } },
): KmzRow {
  const line = (mapping.lineName ?? p.fields.get(mapping.lineField ?? '') ?? '').trim();
  const structure = (p.fields.get(mapping.structureField) ?? '').trim();
  const reasons: string[] = [];
  if (line === '') reasons.push(ROW_ERROR_MESSAGES.missingLine);
  else if (longerThan(line, MAX_LINE_NAME_LENGTH)) reasons.push(ROW_ERROR_MESSAGES.lineTooLong);
  if (structure === '') reasons.push(ROW_ERROR_MESSAGES.missingStructure);
  else if (longerThan(structure, MAX_STRUCTURE_NAME_LENGTH))
    reasons.push(ROW_ERROR_MESSAGES.structureTooLong);
  if (line.includes('\u0000') || structure.includes('\u0000')) reasons.push(IMPORT_MESSAGES.nulCharacter);
  reasons.push(...coordinateReasons(p.point.lat, p.point.lon));
  if (reasons.length === 0) {
    return {
      ok: true,
      row: {
        rowNumber: p.number,
        line,
        structure,
        latitude: Number(p.point.lat),
        longitude: Number(p.point.lon),
      },
    };
  }
  const e = { rowNumber: p.number, line, structure, latitude: p.point.lat, longitude: p.point.lon, reasons };
  return { ok: false, error: { ...e, text: rowErrorText(e) } };
}

/**
 * Streams a stored KMZ/KML's point placemarks as structure rows (placemarks without a point are not
 * structures and are skipped), in file order every time. Answers the field keys seen on point placemarks.
 */
export async function forEachKmzRow(
  stream: Readable,
  mapping: KmzRowMapping,
  onRow: (row: KmzRow) => void | Promise<void>,
): Promise<{ fieldsSeen: Set<string>; points: number }> {
  const fieldsSeen = new Set<string>();
  let points = 0;
  await readPlacemarks(kmlText(stream), async (p) => {
    if (!p.point) return;
    points++;
    for (const key of p.fields.keys()) fieldsSeen.add(key);
    await onRow(placemarkRow(mapping, { ...p, point: p.point }));
  });
  return { fieldsSeen, points };
}
