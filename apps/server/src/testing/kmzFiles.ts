import { strToU8, zipSync } from 'fflate';
import { expect } from 'vitest';
import type { App } from '../platform/http/app.types.ts';
import { pathOf } from './csvUploads.ts';

export interface TestPlacemark {
  name?: string;
  /** "lon,lat" or null for a placemark without a point (a line). */
  point?: string | null;
  data?: Record<string, string>;
  /** SchemaData SimpleData values. */
  simple?: Record<string, string>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function placemarkXml(p: TestPlacemark): string {
  const data = Object.entries(p.data ?? {})
    .map(([k, v]) => `<Data name="${esc(k)}"><value>${esc(v)}</value></Data>`)
    .join('');
  const simple = Object.entries(p.simple ?? {})
    .map(([k, v]) => `<SimpleData name="${esc(k)}">${esc(v)}</SimpleData>`)
    .join('');
  const extended =
    data || simple
      ? `<ExtendedData>${data}${simple ? `<SchemaData schemaUrl="#s">${simple}</SchemaData>` : ''}</ExtendedData>`
      : '';
  const geometry =
    p.point === null
      ? '<LineString><coordinates>-97.1,38.1,0 -97.2,38.2,0</coordinates></LineString>'
      : `<Point><coordinates>${p.point ?? '-97.5,38.5'},0</coordinates></Point>`;
  return `<Placemark>${p.name === undefined ? '' : `<name>${esc(p.name)}</name>`}${extended}${geometry}</Placemark>`;
}

/** A KML document: folders (name → placemarks) and loose placemarks. */
export function kmlDocument(folders: Record<string, TestPlacemark[]>, loose: TestPlacemark[] = []): string {
  const body = Object.entries(folders)
    .map(([name, ps]) => `<Folder><name>${esc(name)}</name>${ps.map(placemarkXml).join('\n')}</Folder>`)
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
    `<name>Test</name>${body}${loose.map(placemarkXml).join('\n')}</Document></kml>\n`
  );
}

/** A KMZ (zip) holding `doc.kml` and any other entries, deflated as Google Earth writes them. */
export function kmzOf(kml: string | Uint8Array, extra: Record<string, Uint8Array> = {}): Buffer {
  const doc = typeof kml === 'string' ? strToU8(kml) : kml;
  return Buffer.from(zipSync({ ...extra, 'doc.kml': doc }, { level: 6 }));
}

/** sign-s3 with extension=kmz, then PUT, as the browser does; answers the url to map. */
export async function uploadKmz(
  app: App,
  headers: Record<string, string>,
  body: Buffer | string,
): Promise<string> {
  const sign = await app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=kmz', headers });
  expect(sign.statusCode).toBe(200);
  const { signedRequest, url } = sign.json<{ signedRequest: string; url: string }>();
  const put = await app.inject({
    method: 'PUT',
    url: pathOf(signedRequest),
    payload: body,
    headers: { 'content-type': 'application/vnd.google-earth.kmz' },
  });
  expect(put.statusCode).toBe(200);
  return url;
}
