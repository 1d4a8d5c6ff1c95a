import { describe, expect, it } from 'vitest';
import { COLUMN_CHOICE_MESSAGES, validateColumnChoice } from './columns.ts';
import {
  COORDINATE_MESSAGES,
  detectCoordinateColumns,
  isValidCoordinatePair,
  parseCoordinate,
} from './coordinates.ts';
import { normalizeHeader } from './header.ts';

const RULE =
  'One latitude column/field must be (Y, lat or latitude), and one longitude column/field must be (X, lon, lng or longitude). Please correct the file and import again.';

const detect = (...names: string[]) => detectCoordinateColumns(normalizeHeader(names));

describe('normalizeHeader', () => {
  it('names blank headers UnknownColumn_{0-based index} and trims the rest', () => {
    expect(normalizeHeader([' Line ', '', 'lat', '  ']).map((c) => c.name)).toEqual([
      'Line',
      'UnknownColumn_1',
      'lat',
      'UnknownColumn_3',
    ]);
  });

  it('makes repeated names unique with _1, _2 … and keeps the name as written', () => {
    const columns = normalizeHeader(['Name', 'Name', 'Name_1', 'Name']);
    expect(columns.map((c) => c.name)).toEqual(['Name', 'Name_2', 'Name_1', 'Name_3']);
    expect(columns.map((c) => c.rawName)).toEqual(['Name', 'Name', 'Name_1', 'Name']);
  });

  it('treats names differing in case as different columns', () => {
    expect(normalizeHeader(['a', 'A']).map((c) => c.name)).toEqual(['a', 'A']);
  });
});

describe('detectCoordinateColumns', () => {
  it('accepts every spelling of the spec, in any case and with blanks around', () => {
    for (const lat of ['Y', 'y', 'lat', 'LAT', ' Latitude ']) {
      for (const lon of ['X', 'lon', 'Lng', 'LONG', 'longitude']) {
        const r = detect('Line', lat, lon);
        expect(r.error).toBeNull();
        expect(r.latField).toBe(lat.trim());
        expect(r.lonField).toBe(lon.trim());
      }
    }
  });

  it('does not take look-alikes (NUM_LATITUDE, Lat.) for coordinate columns', () => {
    const r = detect('NUM_LATITUDE', 'Lat.', 'lon');
    expect(r.latField).toBeNull();
    expect(r.error).toBe(`${COORDINATE_MESSAGES.missingLatitude} ${RULE}`);
  });

  it('reports a missing longitude or latitude with the spec prefix', () => {
    expect(detect('lat', 'name').error).toBe(`Missing longitude column/field. ${RULE}`);
    expect(detect('lon', 'name').error).toBe(`Missing latitude column/field. ${RULE}`);
  });

  it('names both gaps when neither column exists', () => {
    expect(detect('a', 'b').error).toBe(
      `Missing latitude column/field. Missing longitude column/field. ${RULE}`,
    );
  });

  it('reports more than one latitude or longitude column, repeated names included', () => {
    const moreThanOne = `More than one latitude/longitude columns were found in the file. ${RULE}`;
    expect(detect('lat', 'latitude', 'lon').error).toBe(moreThanOne);
    expect(detect('lat', 'x', 'lng').error).toBe(moreThanOne);
    const twice = detect('Y', 'Y', 'X');
    expect(twice.latCandidates).toEqual(['Y', 'Y_1']);
    expect(twice.latField).toBeNull();
    expect(twice.error).toBe(moreThanOne);
    expect(detect('lat', 'Y', 'lon').error).toBe(moreThanOne);
  });

  it('combines prefixes when one kind repeats and the other is missing', () => {
    expect(detect('lat', 'y').error).toBe(
      `More than one latitude/longitude columns were found in the file. Missing longitude column/field. ${RULE}`,
    );
  });
});

describe('coordinate values', () => {
  it('reads plain decimal numbers only', () => {
    expect(parseCoordinate(' -19.8740173601 ')).toBe(-19.8740173601);
    expect(parseCoordinate('+8.5')).toBe(8.5);
    expect(parseCoordinate('.5')).toBe(0.5);
    expect(parseCoordinate('10.')).toBe(10);
    for (const bad of ['', 'abc', '1e3', '53,06', '1,234.5', '0x10', 'NaN', 'Infinity', '--1', undefined]) {
      expect(parseCoordinate(bad)).toBeNull();
    }
  });

  it('accepts pairs in range except (0, 0)', () => {
    expect(isValidCoordinatePair(90, 180)).toBe(true);
    expect(isValidCoordinatePair(-90, -180)).toBe(true);
    expect(isValidCoordinatePair(0, 8)).toBe(true);
    expect(isValidCoordinatePair(90.0001, 0)).toBe(false);
    expect(isValidCoordinatePair(0, -180.5)).toBe(false);
    expect(isValidCoordinatePair(0, 0)).toBe(false);
    expect(isValidCoordinatePair(null, 1)).toBe(false);
  });
});

describe('validateColumnChoice', () => {
  const columns = normalizeHeader(['Line', 'Structure', 'lat', 'lon', 'lat']);
  const coordinates = detectCoordinateColumns(columns);

  it('accepts two different non-coordinate columns', () => {
    expect(
      validateColumnChoice(columns, coordinates, { lineNameField: 'Line', structNumField: 'Structure' }),
    ).toEqual([]);
  });

  it('requires both columns', () => {
    expect(validateColumnChoice(columns, coordinates, {})).toEqual([
      COLUMN_CHOICE_MESSAGES.lineRequired,
      COLUMN_CHOICE_MESSAGES.structureRequired,
    ]);
  });

  it('refuses the same column twice, coordinate columns (every candidate) and unknown names', () => {
    expect(
      validateColumnChoice(columns, coordinates, { lineNameField: 'Line', structNumField: 'Line' }),
    ).toEqual([COLUMN_CHOICE_MESSAGES.sameColumn]);
    expect(
      validateColumnChoice(columns, coordinates, { lineNameField: 'lat', structNumField: 'lon' }),
    ).toEqual([COLUMN_CHOICE_MESSAGES.lineIsCoordinate, COLUMN_CHOICE_MESSAGES.structureIsCoordinate]);
    expect(
      validateColumnChoice(columns, coordinates, { lineNameField: 'lat_1', structNumField: 'Nope' }),
    ).toEqual([COLUMN_CHOICE_MESSAGES.lineIsCoordinate, 'The file has no column named "Nope".']);
  });
});
