import type { Readable } from 'node:stream';
import {
  KMZ_FIELD_FOLDER,
  KMZ_FIELD_NAME,
  KMZ_LIMITS,
  KMZ_MESSAGES,
  type KmzFieldSample,
  type KmzFieldsResponse,
  kmzFieldLabel,
} from '@linewalker/domain';
import { readPlacemarks } from './kmlPlacemarks.ts';
import { kmlText } from './kmlText.ts';

const SAMPLES = 3;

const sourceOf = (key: string): KmzFieldSample['source'] =>
  key === KMZ_FIELD_NAME ? 'placemark' : key === KMZ_FIELD_FOLDER ? 'folder' : 'data';

/**
 * The fields of a KMZ/KML's point placemarks with up to 3 distinct sample values each, in the order they
 * first appear (placemark name first, folder second), and how many placemarks are points. The whole file
 * streams through; a file that cannot be read throws `KmzReadError` with the reason.
 */
export async function readKmzFields(stream: Readable): Promise<KmzFieldsResponse> {
  const samples = new Map<string, string[]>([[KMZ_FIELD_NAME, []]]);
  const folders = new Set<string>();
  let points = 0;
  let otherPlacemarks = 0;
  await readPlacemarks(kmlText(stream), (p) => {
    if (!p.point) {
      otherPlacemarks++;
      return;
    }
    points++;
    const folder = p.fields.get(KMZ_FIELD_FOLDER);
    if (folder) {
      folders.add(folder);
      if (!samples.has(KMZ_FIELD_FOLDER)) {
        // The folder follows the placemark name, whatever order the data fields came in.
        const rest = [...samples].filter(([k]) => k !== KMZ_FIELD_NAME);
        samples.clear();
        samples.set(KMZ_FIELD_NAME, []);
        samples.set(KMZ_FIELD_FOLDER, []);
        for (const [k, v] of rest) samples.set(k, v);
      }
    }
    for (const [key, value] of p.fields) {
      let list = samples.get(key);
      if (!list) {
        if (samples.size >= KMZ_LIMITS.fields) continue;
        list = [];
        samples.set(key, list);
      }
      if (list.length < SAMPLES && !list.includes(value)) list.push(value);
    }
  });
  return {
    kind: 'kmz',
    fields: [...samples].map(([name, values]) => ({
      name,
      label: kmzFieldLabel(name),
      source: sourceOf(name),
      samples: values,
    })),
    points,
    otherPlacemarks,
    folders: folders.size,
    error: points === 0 ? KMZ_MESSAGES.noPoints : null,
  };
}
