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
 * The fields of a KMZ/KML's point placemarks with up to 3 distinct sample values each, the placemark name
 * first and the folder second (when placemarks have them), the rest in the order they first appear, and
 * how many placemarks are points. Only fields some point placemark has are offered, so every field offered
 * is one the import finds. The whole file streams through; a file that cannot be read throws
 * `KmzReadError` with the reason.
 */
export async function readKmzFields(stream: Readable): Promise<KmzFieldsResponse> {
  const samples = new Map<string, string[]>();
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
    if (folder) folders.add(folder);
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
  const rank = (key: string) => (key === KMZ_FIELD_NAME ? 0 : key === KMZ_FIELD_FOLDER ? 1 : 2);
  const ordered = [...samples].sort(([a], [b]) => rank(a) - rank(b));
  return {
    kind: 'kmz',
    fields: ordered.map(([name, values]) => ({
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
