import type { CsvColumn } from './header.ts';
import { trimmedEnd, trimmedStart } from './textRange.ts';

/** Header names (trimmed, any case) that mark the latitude and longitude columns (spec 1 §5). */
export const LATITUDE_HEADERS = ['y', 'lat', 'latitude'] as const;
export const LONGITUDE_HEADERS = ['x', 'lon', 'lng', 'long', 'longitude'] as const;

/** The coordinate-column messages of spec 1 §5, word for word. */
export const COORDINATE_MESSAGES = {
  rule: 'One latitude column/field must be (Y, lat or latitude), and one longitude column/field must be (X, lon, lng or longitude). Please correct the file and import again.',
  moreThanOne: 'More than one latitude/longitude columns were found in the file.',
  missingLongitude: 'Missing longitude column/field.',
  missingLatitude: 'Missing latitude column/field.',
  noValidCoordinates: 'No valid latitude or longitude fields found in the file.',
} as const;

export interface CoordinateColumns {
  /** Unique name of the latitude column, when exactly one was found. */
  latField: string | null;
  lonField: string | null;
  /** Every column that looks like a latitude / longitude column. */
  latCandidates: string[];
  lonCandidates: string[];
  /** The message to show in red, or null when exactly one of each was found. */
  error: string | null;
}

const isLatitudeHeader = (raw: string): boolean =>
  (LATITUDE_HEADERS as readonly string[]).includes(raw.trim().toLowerCase());
const isLongitudeHeader = (raw: string): boolean =>
  (LONGITUDE_HEADERS as readonly string[]).includes(raw.trim().toLowerCase());

/**
 * Finds the one latitude and the one longitude column by the header as written (so two `Y` columns count as
 * two even though the second is renamed `Y_1`).
 *
 * The message is the spec's rule sentence after the prefixes that apply, in this order, separated by a space:
 * 'More than one…' (either kind repeated), 'Missing latitude…', 'Missing longitude…'. A file with neither
 * column therefore names both gaps instead of making the user fix one and import again to learn the other.
 */
export function detectCoordinateColumns(columns: readonly CsvColumn[]): CoordinateColumns {
  const latCandidates = columns.filter((c) => isLatitudeHeader(c.rawName)).map((c) => c.name);
  const lonCandidates = columns.filter((c) => isLongitudeHeader(c.rawName)).map((c) => c.name);
  const prefixes: string[] = [];
  if (latCandidates.length > 1 || lonCandidates.length > 1) prefixes.push(COORDINATE_MESSAGES.moreThanOne);
  if (latCandidates.length === 0) prefixes.push(COORDINATE_MESSAGES.missingLatitude);
  if (lonCandidates.length === 0) prefixes.push(COORDINATE_MESSAGES.missingLongitude);
  const ok = prefixes.length === 0;
  return {
    latField: latCandidates.length === 1 ? (latCandidates[0] ?? null) : null,
    lonField: lonCandidates.length === 1 ? (lonCandidates[0] ?? null) : null,
    latCandidates,
    lonCandidates,
    error: ok ? null : `${prefixes.join(' ')} ${COORDINATE_MESSAGES.rule}`,
  };
}

/**
 * A coordinate cell as a number, or null when it is not a plain decimal number (surrounding blanks allowed):
 * optional sign, digits with an optional decimal point. No exponent, no thousands separator, no decimal
 * comma: `1,234` or `53,06` in a coordinate is ambiguous, so the row is reported.
 */
export function parseCoordinate(cell: string | undefined): number | null {
  if (cell === undefined) return null;
  return parseCoordinateRange(cell, 0, cell.length);
}

/**
 * `parseCoordinate(text.slice(start, end))` without the slice: the row checks read cells as ranges of the
 * parser's buffer. Scanned by hand rather than with a regular expression: this runs twice per row of a
 * million-row file.
 */
export function parseCoordinateRange(text: string, start: number, end: number): number | null {
  const from = trimmedStart(text, start, end);
  return parseTrimmedCoordinate(text, from, trimmedEnd(text, from, end));
}

/** `parseCoordinateRange` of a range that is already trimmed (the row checks trim every cell once). */
export function parseTrimmedCoordinate(text: string, start: number, end: number): number | null {
  let i = start;
  const first = i < end ? text.charCodeAt(i) : 0;
  const negative = first === 45; // -
  if (negative || first === 43) i++; // + or -
  let digits = 0;
  let fraction = -1; // digits after the point; -1 while there is no point
  // The first nine digits add up in integer arithmetic, which is quicker than a chain of float operations.
  let small = 0;
  let mantissa = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++digits <= 9) small = small * 10 + (c - 48);
      else mantissa = (digits === 10 ? small : mantissa) * 10 + (c - 48);
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) fraction = 0;
    else return null;
  }
  if (digits === 0) return null;
  // An integer below 2^53 divided by an exact power of ten is correctly rounded, i.e. exactly what
  // Number() gives; longer numbers take Number() itself.
  if (digits > 15 || fraction > 22) return Number(text.slice(start, end));
  if (digits <= 9) mantissa = small;
  const value = fraction > 0 ? mantissa / POWERS_OF_TEN[fraction]! : mantissa;
  return negative ? -value : value;
}

const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

export const isLatitude = (value: number): boolean => value >= -90 && value <= 90;
export const isLongitude = (value: number): boolean => value >= -180 && value <= 180;

/** A usable coordinate pair: both numbers, in range, and not (0, 0) (see `structureRows.ts`). */
export function isValidCoordinatePair(lat: number | null, lon: number | null): boolean {
  return lat !== null && lon !== null && isLatitude(lat) && isLongitude(lon) && !(lat === 0 && lon === 0);
}
