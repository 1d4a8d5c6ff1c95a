import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config.ts';
import { assertSafeKey, type Storage } from './storage.ts';

type S3Settings = Extract<Config['storage'], { driver: 's3' }>;

export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Otherwise the SDK signs the CRC32 of an empty body into every presigned PUT (it has no body at
      // signing time), and S3, R2 and MinIO then refuse any real file sent to that URL.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  /**
   * A presigned PUT for exactly this key and Content-Type (a signed header, so another type answers
   * 403). A presigned PUT cannot carry a content-length range (only a POST policy can), so the size cap
   * is checked when the upload is first used (`size`).
   */
  signedPutUrl(key: string, contentType: string, expiresSeconds = 900): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
      { expiresIn: expiresSeconds, signableHeaders: new Set(['content-type']) },
    );
  }

  signedGetUrl(key: string, expiresSeconds = 60): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: expiresSeconds,
    });
  }

  async read(key: string): Promise<Readable> {
    assertSafeKey(key);
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return out.Body as Readable;
  }

  async readWhole(key: string): Promise<Buffer> {
    return Buffer.concat(await (await this.read(key)).toArray());
  }

  /** Objects live in the bucket: no path on this machine. */
  localPath(): null {
    return null;
  }

  async readRange(key: string, start: number, end: number): Promise<Readable> {
    assertSafeKey(key);
    const out = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }),
    );
    return out.Body as Readable;
  }

  async readStart(key: string, bytes: number): Promise<Buffer> {
    assertSafeKey(key);
    const out = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
    );
    return Buffer.concat(await (out.Body as Readable).toArray());
  }

  /**
   * A buffer in one PUT; a stream of unknown length (a ZIP being built) as a multipart upload in 8 MiB
   * parts, two at a time, so at most a few parts are ever in memory. A failed upload is aborted (S3 keeps
   * no parts) and whatever was stored under the key before stays.
   */
  async write(key: string, body: Buffer | Readable, contentType?: string): Promise<void> {
    assertSafeKey(key);
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
      );
      return;
    }
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
      leavePartsOnError: false,
    }).done();
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async removeStaleTemporary(): Promise<number> {
    return 0;
  }
}
