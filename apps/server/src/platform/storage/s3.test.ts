import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
// s3rver is a real S3-compatible server (answers presigned PUT/GET) run on loopback for this test.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3.ts';

/** Whether a presigned URL's SigV4 signature holds for a PUT of it with this Content-Type (credentials S3RVER). */
function sigV4Matches(url: URL, contentType: string): boolean {
  const q = url.searchParams;
  const encode = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encode(k), encode(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers: Record<string, string> = { 'content-type': contentType, host: url.host };
  const signed = q.get('X-Amz-SignedHeaders')!.split(';');
  const canonical = [
    'PUT',
    url.pathname,
    query,
    ...signed.map((h) => `${h}:${headers[h]}`),
    '',
    signed.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date, region, service] = q.get('X-Amz-Credential')!.split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', q.get('X-Amz-Date'), scope, sha256(canonical)].join('\n');
  let key: Buffer = hmac('AWS4S3RVER', date!);
  for (const part of [region!, service!, 'aws4_request']) key = hmac(key, part);
  return hmac(key, toSign).toString('hex') === q.get('X-Amz-Signature');
}
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');

let server: S3rver;
let dir: string;
let storage: S3Storage;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lw-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'lw-test', configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  storage = new S3Storage({
    driver: 's3',
    bucket: 'lw-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3Storage', () => {
  it('issues presigned URLs a client can PUT to and GET from', async () => {
    const putUrl = await storage.signedPutUrl('uploads/csv/one.csv', 'text/csv');
    const put = await fetch(putUrl, {
      method: 'PUT',
      body: 'a,b\n1,2\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(put.status).toBe(200);
    expect(await storage.exists('uploads/csv/one.csv')).toBe(true);
    const get = await fetch(await storage.signedGetUrl('uploads/csv/one.csv'));
    expect(await get.text()).toBe('a,b\n1,2\n');
  });

  it('binds the content type and the exact key into a presigned PUT, with no checksum of an empty body', async () => {
    // s3rver does not check SigV4 signatures, so this checks the URL as S3 would: recomputing the signature
    // for the request a client sends matches only with the signed key and content type.
    const putUrl = await storage.signedPutUrl('uploads/csv/two.csv', 'text/csv');
    const url = new URL(putUrl);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    expect(sigV4Matches(url, 'text/csv')).toBe(true);
    expect(sigV4Matches(url, 'text/html')).toBe(false);
    const otherKey = new URL(putUrl.replace('two.csv', 'three.csv'));
    expect(sigV4Matches(otherKey, 'text/csv')).toBe(false);
  });

  it('answers the size of a stored object, null for a missing one', async () => {
    await storage.write('uploads/csv/sized.csv', Buffer.from('12345'), 'text/csv');
    expect(await storage.size('uploads/csv/sized.csv')).toBe(5);
    expect(await storage.size('uploads/csv/none.csv')).toBeNull();
  });

  it('writes a stream of unknown length in parts (a ZIP being built)', async () => {
    // 20 MiB in 1 MiB chunks: three parts of a multipart upload.
    const chunk = Buffer.alloc(1024 * 1024, 7);
    async function* chunks() {
      for (let i = 0; i < 20; i++) yield chunk;
    }
    await storage.write('deliveries/1/1/big.zip', Readable.from(chunks()), 'application/zip');
    expect(await storage.size('deliveries/1/1/big.zip')).toBe(20 * 1024 * 1024);
  });

  it('writes, reads and deletes through the SDK', async () => {
    await storage.write('photos/p.txt', Buffer.from('pixels'), 'text/plain');
    expect(await text(await storage.read('photos/p.txt'))).toBe('pixels');
    expect((await storage.readWhole('photos/p.txt')).toString()).toBe('pixels');
    expect((await storage.readStart('photos/p.txt', 3)).toString()).toBe('pix');
    expect((await storage.readStart('photos/p.txt', 100)).toString()).toBe('pixels');
    await storage.delete('photos/p.txt');
    expect(await storage.exists('photos/p.txt')).toBe(false);
  });
});
