import type { CoordinateColumns } from './coordinates.ts';
import { parseCoordinate } from './coordinates.ts';
import type { CsvFieldSample } from './fields.ts';
import type { CsvColumn } from './header.ts';

/**
 * Import choices beyond spec 1's Line Name / Structure Name: coordinate columns picked by hand when the
 * spec's detection finds none (or more than one), a fallback column for blank structure names, and
 * importing only the valid rows. The spec's detection and its messages stay; these are a way through
 * for real utility files (CEMIG's `NUM_LATITUDE`, OSM's blank tower numbers).
 */
export const IMPORT_CHOICE_MESSAGES = {
  latitudeRequired: 'Choose the Latitude column.',
  longitudeRequired: 'Choose the Longitude column.',
  sameCoordinate: 'The Latitude and Longitude columns must be different.',
  coordinateIsName: 'The Latitude and Longitude columns cannot be the Line Name or Structure Name column.',
  fallbackIsStructure: 'The fallback column must differ from the Structure Name column.',
  fallbackIsLine: 'The fallback column must differ from the Line Name column.',
  fallbackIsCoordinate: 'The fallback column cannot be a latitude or longitude column.',
  notInFile: (name: string) => `The file has no column named "${name}".`,
} as const;

export interface CoordinateChoice {
  latField?: string | null;
  lonField?: string | null;
}

/** What is wrong with hand-picked coordinate columns (only asked when detection found no unique pair). */
export function validateCoordinateChoice(columns: readonly CsvColumn[], choice: CoordinateChoice): string[] {
  const names = new Set(columns.map((c) => c.name));
  const errors: string[] = [];
  const lat = choice.latField ?? '';
  const lon = choice.lonField ?? '';
  if (lat === '') errors.push(IMPORT_CHOICE_MESSAGES.latitudeRequired);
  else if (!names.has(lat)) errors.push(IMPORT_CHOICE_MESSAGES.notInFile(lat));
  if (lon === '') errors.push(IMPORT_CHOICE_MESSAGES.longitudeRequired);
  else if (!names.has(lon)) errors.push(IMPORT_CHOICE_MESSAGES.notInFile(lon));
  if (lat !== '' && lat === lon) errors.push(IMPORT_CHOICE_MESSAGES.sameCoordinate);
  return errors;
}

/**
 * The coordinate columns an import uses: the detected pair when detection found one (a different
 * choice is ignored, and the server reports it), else the hand-picked pair when it is usable.
 * `chosen` tells which; `errors` lists what is wrong with a hand-picked pair.
 */
export function resolveCoordinateColumns(
  columns: readonly CsvColumn[],
  detected: CoordinateColumns,
  choice: CoordinateChoice & { lineNameField?: string | null; structNumField?: string | null },
): { coordinates: CoordinateColumns; chosen: boolean; errors: string[] } {
  const asked = Boolean(choice.latField || choice.lonField);
  if (detected.error === null || !asked) return { coordinates: detected, chosen: false, errors: [] };
  const errors = validateCoordinateChoice(columns, choice);
  const names = [choice.lineNameField, choice.structNumField].filter(Boolean);
  if (errors.length === 0 && (names.includes(choice.latField) || names.includes(choice.lonField))) {
    errors.push(IMPORT_CHOICE_MESSAGES.coordinateIsName);
  }
  // An unusable pick leaves the spec's coordinate message in place.
  if (errors.length > 0) return { coordinates: detected, chosen: false, errors };
  const lat = choice.latField as string;
  const lon = choice.lonField as string;
  return {
    coordinates: {
      latField: lat,
      lonField: lon,
      latCandidates: [...new Set([...detected.latCandidates, lat])],
      lonCandidates: [...new Set([...detected.lonCandidates, lon])],
      error: null,
    },
    chosen: true,
    errors: [],
  };
}

export interface FallbackChoice {
  lineNameField?: string | null;
  structNumField?: string | null;
  structNumFallbackField?: string | null;
}

/** What is wrong with the fallback column for blank structure names (none chosen is fine). */
export function validateFallbackChoice(
  columns: readonly CsvColumn[],
  coordinates: Pick<CoordinateColumns, 'latCandidates' | 'lonCandidates'>,
  choice: FallbackChoice,
): string[] {
  const fallback = choice.structNumFallbackField ?? '';
  if (fallback === '') return [];
  if (!columns.some((c) => c.name === fallback)) return [IMPORT_CHOICE_MESSAGES.notInFile(fallback)];
  if (fallback === choice.structNumField) return [IMPORT_CHOICE_MESSAGES.fallbackIsStructure];
  if (fallback === choice.lineNameField) return [IMPORT_CHOICE_MESSAGES.fallbackIsLine];
  if (coordinates.latCandidates.includes(fallback) || coordinates.lonCandidates.includes(fallback)) {
    return [IMPORT_CHOICE_MESSAGES.fallbackIsCoordinate];
  }
  return [];
}

/* ---------- Suggestions: columns ranked by their name, then by their sample values ---------- */

const words = (name: string): string[] =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Name words that mark a kind of column, strongest first (English, Portuguese, Spanish, German). */
const LINE_WORDS = ['line', 'linha', 'linea', 'leitung', 'lt', 'circuit', 'feeder', 'route', 'way', 'span'];
const STRUCTURE_WORDS = [
  'structure',
  'struct',
  'estrutura',
  'estructura',
  'pole',
  'poste',
  'tower',
  'torre',
  'mast',
  'node',
];
const NAME_WORDS = ['number', 'num', 'no', 'nr', 'name', 'nom', 'nome', 'numero'];
const ID_WORDS = ['ref', 'tag', 'id', 'code', 'cod', 'codigo'];
/** Words of columns that classify rather than name ('Line Type' = line/cable, voltage, material). */
const CATEGORY_WORDS = [
  'type',
  'typ',
  'tipo',
  'kind',
  'class',
  'classe',
  'clase',
  'klasse',
  'category',
  'status',
  'voltage',
  'tensao',
  'tension',
  'spannung',
  'material',
];
const LAT_WORDS = ['lat', 'latitude', 'breite', 'y'];
const LON_WORDS = ['lon', 'long', 'lng', 'longitude', 'laenge', 'x'];

const hasAny = (w: readonly string[], list: readonly string[]) => w.some((x) => list.includes(x));
const hasPrefix = (w: readonly string[], list: readonly string[]) =>
  w.some((x) => list.some((p) => p.length >= 3 && x.startsWith(p)));

type Kind = 'line' | 'structure' | 'lat' | 'lon';

function nameScore(name: string, kind: Kind): number {
  const w = words(name);
  if ((kind === 'line' || kind === 'structure') && hasAny(w, CATEGORY_WORDS)) return 0;
  switch (kind) {
    case 'line':
      if (hasAny(w, STRUCTURE_WORDS)) return 0;
      return hasAny(w, LINE_WORDS) ? (hasAny(w, ['name', 'nome', 'nom']) ? 6 : 5) : 0;
    case 'structure':
      if (hasAny(w, LINE_WORDS) && !hasAny(w, STRUCTURE_WORDS)) return 0;
      if (hasAny(w, STRUCTURE_WORDS)) return hasAny(w, NAME_WORDS) ? 6 : hasAny(w, ID_WORDS) ? 5.5 : 5;
      return hasAny(w, ['ref', 'number', 'nr', 'no', 'tag']) ? 2 : 0;
    case 'lat':
      return hasAny(w, LAT_WORDS) ? 6 : hasPrefix(w, ['lat']) ? 5 : 0;
    case 'lon':
      return hasAny(w, LON_WORDS) ? 6 : hasPrefix(w, ['lon', 'lng']) ? 5 : 0;
  }
}

const isNumber = (v: string) => parseCoordinate(v) !== null;

function valueScore(field: CsvFieldSample, kind: Kind): number {
  const s = field.samples;
  if (s.length === 0) return -10; // an empty column names nothing
  // A column with blanks in its first rows gives error rows as a name (CEMIG's NOM_LT_SAP is half empty);
  // a few blank structure names are what the fallback column is for.
  const fill = field.sampledRows ? (field.filled ?? 0) / field.sampledRows : 1;
  const sparse = fill < (kind === 'structure' ? 0.9 : 0.99) ? -3 : 0;
  const numbers = s.map((v) => parseCoordinate(v));
  const allNumbers = numbers.every((n) => n !== null);
  switch (kind) {
    case 'lat':
    case 'lon': {
      if (!allNumbers) return -10;
      const limit = kind === 'lat' ? 90 : 180;
      const inRange = numbers.every((n) => Math.abs(n as number) <= limit && n !== 0);
      const fractional = s.every((v) => v.includes('.'));
      return inRange ? (fractional ? 3 : 1) + sparse : -10;
    }
    case 'line': {
      // Lines repeat from row to row; long free text and decimals are rarely line names.
      const repeats = new Set(s).size < s.length ? 2 : 0;
      const decimals = s.some((v) => isNumber(v) && v.includes('.')) ? -3 : 0;
      return repeats + decimals + sparse;
    }
    case 'structure': {
      // One value in every sampled row (CEMIG's TAG_ATIVO is always 1) names no structure.
      if (s.length > 1 && new Set(s).size === 1) return -10;
      const distinct = new Set(s).size === s.length ? 1 : -1;
      const decimals = s.some((v) => isNumber(v) && v.includes('.')) ? -3 : 0;
      return distinct + decimals + sparse;
    }
  }
}

/** Columns worth offering for one choice, best first (a column with neither a name nor a value hint is left out). */
function rank(fields: readonly CsvFieldSample[], kind: Kind, exclude: ReadonlySet<string>): string[] {
  return fields
    .filter((f) => !exclude.has(f.name))
    .map((f, order) => ({ f, order, name: nameScore(f.name, kind), value: valueScore(f, kind) }))
    .filter((x) => x.name > 0 && x.value > -10)
    .sort((a, b) => b.name + b.value - (a.name + a.value) || a.order - b.order)
    .map((x) => x.f.name);
}

export interface ColumnSuggestions {
  /** Hand-pick candidates for the coordinates, best first (only useful when detection found none). */
  latitude: string[];
  longitude: string[];
  /** Line Name and Structure Name candidates, best first. */
  line: string[];
  structure: string[];
}

/**
 * Ranks the columns of a file for each choice, by name first (line/linha/LT, structure/estrutura/pole/
 * tower, lat/lon words) then by the sample values (coordinates must be numbers in range; line names
 * repeat, structure names differ; empty columns are never suggested). Coordinate columns are never
 * offered as names.
 */
export function suggestColumns(
  fields: readonly CsvFieldSample[],
  coordinates: CoordinateChoice = {},
): ColumnSuggestions {
  const coordinateNames = new Set(
    [
      ...fields.filter((f) => f.isLat || f.isLon).map((f) => f.name),
      coordinates.latField ?? '',
      coordinates.lonField ?? '',
    ].filter(Boolean),
  );
  const latitude = rank(fields, 'lat', new Set());
  const longitude = rank(fields, 'lon', new Set());
  const line = rank(fields, 'line', coordinateNames);
  const structure = rank(fields, 'structure', coordinateNames);
  return { latitude, longitude, line, structure };
}

/**
 * The first pick for Line Name, Structure Name and the fallback for blank structure names: the best
 * suggestions that do not collide. The fallback is the best other structure candidate (an id or ref
 * column), or null.
 */
export function suggestedChoice(
  fields: readonly CsvFieldSample[],
  coordinates: CoordinateChoice = {},
): { lineNameField: string | null; structNumField: string | null; structNumFallbackField: string | null } {
  const s = suggestColumns(fields, coordinates);
  const lineNameField = s.line[0] ?? null;
  const structures = s.structure.filter((n) => n !== lineNameField);
  const structNumField = structures[0] ?? null;
  const structNumFallbackField = structures[1] ?? null;
  return { lineNameField, structNumField, structNumFallbackField };
}
