import { expect } from 'vitest';
import type { App } from '../platform/http/app.types.ts';

/** The path and query of a signed URL, for `app.inject`. */
export const pathOf = (url: string): string => {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.search;
};

/** What the browser does: sign as `headers`' user, then PUT the file to the signed URL; answers the `url` to map. */
export async function uploadCsv(
  app: App,
  headers: Record<string, string>,
  body: string | Buffer,
): Promise<string> {
  const sign = await app.inject({ url: '/api/v1/doc_upload/sign-s3?extension=csv', headers });
  const { signedRequest, url } = sign.json<{ signedRequest: string; url: string }>();
  const put = await app.inject({
    method: 'PUT',
    url: pathOf(signedRequest),
    payload: body,
    headers: { 'content-type': 'text/csv' },
  });
  expect(put.statusCode).toBe(200);
  return url;
}

/** The kmzs entry of an uploaded CSV headed Line, Structure, Latitude, Longitude. */
export async function uploadMappedCsv(
  app: App,
  headers: Record<string, string>,
  body: string,
  name = 'structures.csv',
) {
  return {
    url: await uploadCsv(app, headers, body),
    name,
    latField: 'Latitude',
    lonField: 'Longitude',
    lineNameField: 'Line',
    structNumField: 'Structure',
  };
}
