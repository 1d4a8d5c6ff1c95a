import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
// s3rver is a real S3-compatible server (answers presigned PUT/GET) run on loopback for this test.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3.ts';

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

  it('writes, reads and deletes through the SDK', async () => {
    await storage.write('photos/p.txt', Buffer.from('pixels'), 'text/plain');
    expect(await text(await storage.read('photos/p.txt'))).toBe('pixels');
    await storage.delete('photos/p.txt');
    expect(await storage.exists('photos/p.txt')).toBe(false);
  });
});
