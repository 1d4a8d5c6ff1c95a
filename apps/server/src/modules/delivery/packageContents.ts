import { BYTE_ORDER_MARK, csvLine, riskInfo } from '@linewalker/domain';
import type { PackageAnnotationRow, PackageImageRow } from './deliveryPackages.repository.ts';

/**
 * What goes into a delivery ZIP besides the originals: where each photo goes, the CSV index and the
 * annotations as GeoJSON. Pure: the job streams these out.
 */

/** A path part without separators, control characters or characters Windows refuses; never '.' or '..'. */
export function safePathPart(name: string | null, fallback: string): string {
  const cleaned = (name ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '_')
    .trim()
    .replace(/[. ]+$/, '')
    .slice(0, 120);
  return cleaned === '' || /^\.+$/.test(cleaned) ? fallback : cleaned;
}

/**
 * Each photo's path in the ZIP: photos/<line>/<structure>/<image name>. Two photos that would share a path
 * (same name on one structure) keep their names apart with the photo id before the extension.
 */
export function photoPaths(rows: readonly PackageImageRow[]): Map<number, string> {
  const paths = new Map<number, string>();
  const taken = new Set<string>();
  for (const row of rows) {
    const dir = `photos/${safePathPart(row.line_name, 'No line')}/${safePathPart(row.struct_num, 'No structure')}`;
    const name = safePathPart(row.image_name, `image-${row.id}`);
    let path = `${dir}/${name}`;
    if (taken.has(path.toLowerCase())) {
      const dot = name.lastIndexOf('.');
      const stem = dot > 0 ? name.slice(0, dot) : name;
      const ext = dot > 0 ? name.slice(dot) : '';
      path = `${dir}/${stem}_${row.id}${ext}`;
    }
    taken.add(path.toLowerCase());
    paths.set(row.id, path);
  }
  return paths;
}

export const INDEX_HEADER = [
  'Structure',
  'Line',
  'Image',
  'File',
  'Capture Time (UTC)',
  'Latitude',
  'Longitude',
  'Structure Latitude',
  'Structure Longitude',
  'MD5',
  'Size (bytes)',
] as const;

/**
 * The CSV index, line by line: a byte-order mark (Excel), RFC 4180 quoting, formula-looking cells
 * neutralised. `md5Hex` is the md5 of the bytes written into the ZIP (what `md5sum` prints).
 */
export function* indexCsvLines(
  rows: readonly PackageImageRow[],
  paths: ReadonlyMap<number, string>,
  md5Hex: ReadonlyMap<number, string>,
  sizes: ReadonlyMap<number, number>,
): Generator<string> {
  yield `${BYTE_ORDER_MARK}${csvLine(INDEX_HEADER)}`;
  for (const row of rows) {
    yield csvLine([
      row.struct_num,
      row.line_name,
      row.image_name,
      paths.get(row.id),
      row.capture_time,
      row.latitude,
      row.longitude,
      row.structure_latitude,
      row.structure_longitude,
      md5Hex.get(row.id),
      sizes.get(row.id),
    ]);
  }
}

/**
 * The annotations as a GeoJSON FeatureCollection, written piece by piece. A defect is on the structure, so
 * each feature is a point at the structure (the camera position when the photo has no structure any more);
 * the marked shape in image pixels is in the properties.
 */
export function* annotationsGeoJson(
  annotations: readonly PackageAnnotationRow[],
  images: ReadonlyMap<number, PackageImageRow>,
  paths: ReadonlyMap<number, string>,
): Generator<string> {
  yield '{"type":"FeatureCollection","features":[';
  let first = true;
  for (const a of annotations) {
    const image = images.get(a.image_id);
    const lon = image?.structure_longitude ?? image?.longitude ?? null;
    const lat = image?.structure_latitude ?? image?.latitude ?? null;
    const feature = {
      type: 'Feature',
      id: a.id,
      geometry: lon === null || lat === null ? null : { type: 'Point', coordinates: [lon, lat] },
      properties: {
        annotation_id: a.id,
        annotation_number: a.annotation_number,
        image: image?.image_name ?? null,
        file: paths.get(a.image_id) ?? null,
        structure: image?.struct_num ?? null,
        line: image?.line_name ?? null,
        risk_level: a.risk_level,
        risk: riskInfo(a.risk_level).label,
        component: a.component,
        deficiency: a.deficiency,
        note: a.note,
        shape: a.shape,
        rectangle:
          a.shape === 'rect'
            ? { x: a.rect_top_left_x, y: a.rect_top_left_y, width: a.rect_width, height: a.rect_height }
            : null,
        polygon: a.shape === 'polygon' ? a.polygon : null,
        image_width: a.image_width,
        image_height: a.image_height,
        camera_longitude: image?.longitude ?? null,
        camera_latitude: image?.latitude ?? null,
      },
    };
    yield `${first ? '' : ','}\n${JSON.stringify(feature)}`;
    first = false;
  }
  yield '\n]}\n';
}
