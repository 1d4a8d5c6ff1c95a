import { KMZ_FIELD_FOLDER, KMZ_FIELD_NAME, KMZ_LIMITS, KMZ_MESSAGES, kmzDataField } from '@linewalker/domain';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { KmzReadError } from './kmlText.ts';

/** One placemark of a KML, as the mapping step reads it. */
export interface Placemark {
  /** 1-based position among all placemarks of the file (the "row" errors name). */
  number: number;
  /** Field key ('name', 'folder', 'data:<name>') → value, trimmed; empty values are left out. */
  fields: Map<string, string>;
  /** The first point of its geometry as written ("lon,lat[,alt]" split), or null without a point. */
  point: { lon: string; lat: string } | null;
}

/** Text longer than this inside one field is cut (no name is that long; the row check then refuses it). */
const MAX_VALUE_CHARS = 10_000;

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

/**
 * Reads placemarks from KML text chunks with a streaming, non-validating XML parser: memory stays flat
 * whatever the file's size. No DTD is ever processed: a DOCTYPE is refused outright (entity expansion,
 * external entities), an undefined entity is a parse error, and only XML's five entities and character
 * references are decoded. Elements nested deeper than `KMZ_LIMITS.depth` are refused.
 *
 * Fields: the placemark's `name`, the name of the innermost `Folder` holding it, every ExtendedData
 * `Data` (its `value`) and `SchemaData`/`SimpleData` value by name, and the text of the placemark's own
 * extension elements (a prefixed name such as DJI's `wpml:index`) by their written name. The point is the first `Point`'s
 * coordinates (also inside a MultiGeometry); lines and polygons are not points.
 */
export async function readPlacemarks(
  chunks: AsyncIterable<string>,
  onPlacemark: (p: Placemark) => void | Promise<void>,
): Promise<void> {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  let failure: string | null = null;
  let sawRoot = false;
  const stack: string[] = [];
  /** One entry per open Folder: its name once read. */
  const folders: string[] = [];
  let placemark: Placemark | null = null;
  let placemarkDepth = -1;
  let count = 0;
  /** Text being collected for the element at `textDepth`, and where it goes. */
  let text: string | null = null;
  let textTarget: ((value: string) => void) | null = null;
  let textDepth = -1;
  const ready: Placemark[] = [];
  /** The `name` attribute of the open ExtendedData `Data` element. */
  let currentDataName: string | null = null;

  const collect = (target: (value: string) => void) => {
    text = '';
    textTarget = target;
    textDepth = stack.length;
  };

  parser.on('doctype', () => {
    failure ??= KMZ_MESSAGES.doctype;
  });
  parser.on('error', (err) => {
    failure ??= sawRoot ? KMZ_MESSAGES.malformed(err.message) : KMZ_MESSAGES.notKml;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    sawRoot = true;
    const name = localName(tag.name);
    const parent = stack[stack.length - 1];
    stack.push(name);
    if (stack.length > KMZ_LIMITS.depth) {
      failure ??= KMZ_MESSAGES.tooDeep;
      return;
    }
    if (name === 'Folder') folders.push('');
    else if (name === 'Placemark' && placemark === null) {
      count++;
      const folder = [...folders].reverse().find((f) => f !== '');
      placemark = { number: count, fields: new Map(), point: null };
      if (folder) placemark.fields.set(KMZ_FIELD_FOLDER, folder);
      placemarkDepth = stack.length;
    } else if (name === 'name' && parent === 'Folder' && placemark === null) {
      const index = folders.length - 1;
      collect((v) => {
        folders[index] = v;
      });
    } else if (placemark !== null) {
      const p: Placemark = placemark;
      if (name === 'name' && stack.length === placemarkDepth + 1) {
        collect((v) => p.fields.set(KMZ_FIELD_NAME, v));
      } else if (name === 'value' && parent === 'Data') {
        const dataName = currentDataName ?? '';
        if (dataName) collect((v) => p.fields.set(kmzDataField(dataName), v));
      } else if (name === 'SimpleData') {
        const dataName = String(tag.attributes.name ?? '');
        if (dataName) collect((v) => p.fields.set(kmzDataField(dataName), v));
      } else if (tag.name.includes(':') && stack.length === placemarkDepth + 1) {
        // An extension element of the placemark (DJI's wpml:index, gx:…): a field by its written name.
        const written = tag.name;
        collect((v) => p.fields.set(kmzDataField(written), v));
      } else if (name === 'coordinates' && parent === 'Point' && p.point === null) {
        collect((v) => {
          const first = v.trim().split(/\s+/)[0] ?? '';
          const [lon = '', lat = ''] = first.split(',');
          p.point = { lon: lon.trim(), lat: lat.trim() };
        });
      }
      if (name === 'Data') currentDataName = tag.attributes.name ?? null;
    }
  });
  const onText = (t: string) => {
    if (text !== null && text.length < MAX_VALUE_CHARS) text += t.slice(0, MAX_VALUE_CHARS - text.length);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (text !== null && stack.length === textDepth) {
      const value = text.trim();
      if (value !== '') textTarget?.(value);
      text = null;
      textTarget = null;
      textDepth = -1;
    }
    const name = stack.pop();
    if (name === 'Folder') folders.pop();
    else if (name === 'Data') currentDataName = null;
    else if (name === 'Placemark' && placemark !== null && stack.length === placemarkDepth - 1) {
      ready.push(placemark);
      placemark = null;
      placemarkDepth = -1;
    }
  });

  const drain = async () => {
    if (failure) throw new KmzReadError(failure);
    while (ready.length > 0) await onPlacemark(ready.shift()!);
  };
  for await (const chunk of chunks) {
    parser.write(chunk);
    await drain();
  }
  parser.close();
  await drain();
  if (!sawRoot) throw new KmzReadError(KMZ_MESSAGES.notKml);
}
