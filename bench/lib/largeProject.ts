import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RunningServer } from './server.ts';
import { structureCsv } from './structureCsv.ts';

/** A JSON call of the API with the session cookie; throws on a non-2xx answer. */
export async function benchApi<T>(
  server: RunningServer,
  cookie: string,
  path: string,
  init: RequestInit = {},
): Promise<T> {
  const res = await fetch(`${server.baseUrl}/api/v1${path}`, {
    ...init,
    headers: { cookie, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The project's address segment, as the web makes it from the name. */
export const slugOf = (name: string): string => name.trim().toLowerCase().replace(/ /g, '-');

/**
 * Saves a project of `structures` structures from a generated CSV through the API, as the browser does
 * (upload, save, import job until it succeeds), for `companyId` (default the first customer company). `ptypeId` 1 Distribution,
 * 2 Transmission. Answers the project's id.
 */
export async function createLargeProject(
  server: RunningServer,
  cookie: string,
  options: { name: string; structures: number; ptypeId?: number; companyId?: number },
): Promise<number> {
  const sign = await benchApi<{ signedRequest: string; url: string }>(
    server,
    cookie,
    '/doc_upload/sign-s3?extension=csv',
  );
  const put = await fetch(new URL(sign.signedRequest, server.baseUrl), {
    method: 'PUT',
    headers: { 'content-type': 'text/csv', cookie },
    body: structureCsv(options.structures),
  });
  if (!put.ok) throw new Error(`upload: ${put.status}`);
  const companyId =
    options.companyId ?? (await benchApi<Array<{ id: number }>>(server, cookie, '/customers'))[0]!.id;
  const today = new Date().toISOString().slice(0, 10);
  const saved = await benchApi<{ id: number; importJobId: number | null }>(server, cookie, '/projects', {
    method: 'POST',
    body: JSON.stringify({
      id: null,
      company_id: companyId,
      ptype_id: options.ptypeId ?? 1,
      project_name: options.name,
      closest_city: 'Salina',
      start_date: today,
      due_date: '2099-12-31',
      inspection_type: '0',
      structure_assignment_type: 'dueDate',
      num_pilots: 1,
      photo_limit: -1,
      ptier_id: 2,
      pilot_struct_day: null,
      kmzs: [
        {
          url: sign.url,
          name: 'bench.csv',
          latField: 'Latitude',
          lonField: 'Longitude',
          lineNameField: 'Line Name',
          structNumField: 'Structure',
        },
      ],
    }),
  });
  if (saved.importJobId !== null) {
    for (;;) {
      const { state } = await benchApi<{ state: string }>(server, cookie, `/jobs/${saved.importJobId}`);
      if (state === 'succeeded') break;
      if (state === 'failed') throw new Error('the import job failed');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return saved.id;
}

/** Body bytes on the wire and the time to the last byte, as one request of `encoding` answers it. */
export function rawGet(
  url: string,
  cookie: string,
  encoding: string,
): Promise<{ bytes: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { cookie, 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, ms: performance.now() - start }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
