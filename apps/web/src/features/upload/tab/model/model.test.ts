import { describe, expect, it } from 'vitest';
import { exifEntries, sizeText, splitCamelCase } from './exifEntries.ts';
import {
  DEFAULT_SWITCHES,
  filterStructures,
  imagesOnMap,
  offersHideArchived,
  readHeaderFilter,
  structuresOnMap,
} from './filters.ts';
import {
  captureTimeText,
  coordinatesText,
  distanceText,
  droneModel,
  structureType,
  utcTimeText,
} from './format.ts';
import {
  checkDraft,
  draftOf,
  draftPosition,
  isDraftFilled,
  newDraft,
  withPosition,
} from './structureDraft.ts';
import { image, structure } from './testData.ts';

describe('header filters and switches', () => {
  it('reads line ids and search text from the URL, ignoring junk', () => {
    expect(readHeaderFilter(new URLSearchParams('lines=1,2,x,-3&q= Tower '))).toEqual({
      lineIds: [1, 2],
      query: 'tower',
    });
    expect(readHeaderFilter(new URLSearchParams(''))).toEqual({ lineIds: [], query: '' });
  });

  it('keeps structures on the chosen lines whose name or line name holds the search text', () => {
    const list = [
      structure({ structure_id: 1, struct_num: 'T-1', line_id: 1, line_name: 'North' }),
      structure({ structure_id: 2, struct_num: 'T-2', line_id: 2, line_name: 'South Tower' }),
      structure({ structure_id: 3, struct_num: 'P-3', line_id: 2, line_name: 'South Tower' }),
    ];
    expect(filterStructures(list, { lineIds: [2], query: '' }).map((s) => s.structure_id)).toEqual([2, 3]);
    expect(filterStructures(list, { lineIds: [], query: 't-' }).map((s) => s.structure_id)).toEqual([1, 2]);
    expect(filterStructures(list, { lineIds: [1], query: 'tower' })).toEqual([]);
  });

  it('Structure Visibility hides structures, Only Without Images keeps those with none', () => {
    const list = [
      structure({ structure_id: 1, image_count: 2 }),
      structure({ structure_id: 2, image_count: 0 }),
    ];
    expect(structuresOnMap(list, { ...DEFAULT_SWITCHES, showStructures: false })).toEqual([]);
    expect(structuresOnMap(list, { ...DEFAULT_SWITCHES, structureScope: 'withoutImages' })).toEqual([
      list[1],
    ]);
  });

  it('draws photos by the switches: unassigned only, archived hidden, never rejected or without a position', () => {
    const photos = [
      image({ image_id: 1, structure_id: 1 }),
      image({ image_id: 2, structure_id: null }),
      image({ image_id: 3, structure_id: 1, archived: true }),
      image({ image_id: 4, rejected: true }),
      image({ image_id: 5, latitude: null, longitude: null }),
      image({ image_id: 6, structure_id: 9 }),
    ];
    const ids = (list: { image_id: number }[]) => list.map((i) => i.image_id);
    expect(ids(imagesOnMap(photos, DEFAULT_SWITCHES, null))).toEqual([1, 2, 3, 6]);
    expect(ids(imagesOnMap(photos, { ...DEFAULT_SWITCHES, imageScope: 'unassigned' }, null))).toEqual([2]);
    expect(ids(imagesOnMap(photos, { ...DEFAULT_SWITCHES, hideArchived: true }, null))).toEqual([1, 2, 6]);
    expect(imagesOnMap(photos, { ...DEFAULT_SWITCHES, showImages: false }, null)).toEqual([]);
    // The header's filters reach assigned photos through their structure; unassigned ones stay.
    expect(ids(imagesOnMap(photos, DEFAULT_SWITCHES, new Set([1])))).toEqual([1, 2, 3]);
  });

  it('offers Hide Archived only for project names holding a keyword, in any case', () => {
    expect(offersHideArchived('Smoky Hill Transmission PATROL', ['patrol', 'rebuild'])).toBe(true);
    expect(offersHideArchived('Loup Basin Pole Survey', ['patrol', 'rebuild'])).toBe(false);
    expect(offersHideArchived('Anything', [])).toBe(false);
  });
});

describe('formats', () => {
  it('names the structure types', () => {
    expect([1, 2, 3, 0].map(structureType)).toEqual(['Manual', 'KMZ', 'Nadir', '--']);
  });

  it('shows coordinates with 10 decimals, Invalid Coordinates, or --', () => {
    expect(coordinatesText(46.6, -120.5)).toBe('46.6000000000, -120.5000000000');
    expect(coordinatesText(0, 0)).toBe('Invalid Coordinates');
    expect(coordinatesText(95, 10)).toBe('Invalid Coordinates');
    expect(coordinatesText(46.6, null)).toBe('Invalid Coordinates');
    expect(coordinatesText(null, null)).toBe('--');
  });

  it('shows distance, drone model and capture time', () => {
    expect(distanceText(null)).toBe('--');
    expect(distanceText(3.25)).toBe('3.3 m');
    expect(distanceText(1234.4)).toBe('1,234 m');
    expect(droneModel({ camera_make: 'DJI', camera_model: 'FC6310' })).toBe('DJI FC6310');
    expect(droneModel({ camera_make: 'DJI', camera_model: 'DJI Mavic 3' })).toBe('DJI Mavic 3');
    expect(droneModel({ camera_make: null, camera_model: null })).toBe('--');
    expect(utcTimeText('2026-11-19T18:30:00.000Z')).toBe('11/19/2026 18:30 UTC');
    expect(utcTimeText(null)).toBe('--');
    // The photo's own clock with its offset after the spec's UTC text (a Leipzig photo at 14:35 CEST).
    expect(captureTimeText('2022-06-02T12:35:34.000Z', '+02:00')).toBe(
      '06/02/2022 12:35 UTC · 14:35 local (UTC+02:00)',
    );
    expect(captureTimeText('2026-11-20T02:30:00.000Z', '-06:00')).toBe(
      '11/20/2026 02:30 UTC · 11/19/2026 20:30 local (UTC-06:00)',
    );
    expect(captureTimeText('2026-11-19T18:30:00.000Z', null)).toBe('11/19/2026 18:30 UTC');
    expect(captureTimeText(null, '+02:00')).toBe('--');
  });
});

describe('EXIF entries', () => {
  it('splits camel-case names into words', () => {
    expect(splitCamelCase('GPSLatitude')).toBe('GPS Latitude');
    expect(splitCamelCase('dateTimeOriginal')).toBe('Date Time Original');
    expect(splitCamelCase('FNumber')).toBe('F Number');
    expect(splitCamelCase('ExifImageWidth')).toBe('Exif Image Width');
  });

  it('keeps only number and string values', () => {
    expect(
      exifEntries({
        Make: 'DJI',
        FocalLength: 8.8,
        Flash: true,
        Thumbnail: { a: 1 },
        Bad: Number.NaN,
        List: [1],
      }),
    ).toEqual([
      { name: 'Make', value: 'DJI' },
      { name: 'Focal Length', value: '8.8' },
    ]);
  });

  it('shows a size in bytes and in units', () => {
    expect(sizeText(512)).toBe('512 bytes');
    expect(sizeText(2_345_678)).toBe('2.24 MB (2,345,678 bytes)');
  });
});

describe('structure drafts', () => {
  it('is filled once name, line, latitude and longitude are', () => {
    const draft = newDraft();
    expect(isDraftFilled(draft)).toBe(false);
    expect(isDraftFilled({ ...draft, name: 'S-9', lineId: 3, latitude: '46', longitude: '-120' })).toBe(true);
    expect(isDraftFilled({ ...draft, name: '  ', lineId: 3, latitude: '46', longitude: '-120' })).toBe(false);
  });

  it('refuses an invalid pair with the given message', () => {
    const draft = { ...newDraft(), name: 'S-9', lineId: 3 };
    for (const [latitude, longitude] of [
      ['91', '10'],
      ['45', '181'],
      ['0', '0'],
      ['north', '10'],
    ]) {
      expect(checkDraft({ ...draft, latitude: latitude!, longitude: longitude! }, 'bad')).toEqual({
        ok: false,
        message: 'bad',
      });
    }
  });

  it('builds the body, and says whether an edited structure moved', () => {
    const created = checkDraft(
      { ...newDraft(), name: ' S-9 ', lineId: 3, latitude: '46.5', longitude: '-120.25' },
      'x',
    );
    expect(created).toEqual({
      ok: true,
      body: { lineId: 3, lat: 46.5, lon: -120.25, structNumName: 'S-9' },
      latLonChanged: false,
    });
    const edit = draftOf(structure({ latitude: 46.123456789012, longitude: -120.5 }));
    expect(checkDraft(edit, 'x')).toMatchObject({ ok: true, latLonChanged: false });
    const moved = withPosition(edit, 46.2, -120.5);
    expect(draftPosition(moved)).toEqual({ latitude: 46.2, longitude: -120.5 });
    expect(checkDraft(moved, 'x')).toMatchObject({ ok: true, latLonChanged: true });
  });
});
