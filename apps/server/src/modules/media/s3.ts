import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.js';
import { assertSafeKey, type Storage } from './storage.js';

/** Every stored object's cache header: keys are never rewritten (a backup restored into a bucket writes it too). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Any S3-compatible store (S3_BUCKET, S3_REGION, S3_ENDPOINT; credentials from the usual AWS_* variables). */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(private readonly cfg: NonNullable<Config['s3']>) {
    this.client = new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      forcePathStyle: Boolean(cfg.endpoint),
      // Checksums only where the API requires them. The SDK's default (a CRC32 on every request) puts a
      // checksum of the EMPTY body into presigned PUT URLs, which S3 then refuses for any real file, and
      // streams bodies with aws-chunked framing that S3-compatible stores may store verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.cfg.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE,
      }),
    );
  }
  async get(key: string): Promise<Buffer> {
    assertSafeKey(key);
    const r = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
    return Buffer.from(await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  }
  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }
  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    // Deleting a missing object succeeds (S3 semantics): removal is idempotent.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
  }
  async head(key: string, n: number): Promise<Buffer> {
    assertSafeKey(key);
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key, Range: `bytes=0-${Math.max(0, n - 1)}` }));
      return Buffer.from(await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    } catch (err) {
      // A range on an empty object is "not satisfiable": its first n bytes are none.
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
      throw err;
    }
  }
  async size(key: string): Promise<number | null> {
    assertSafeKey(key);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      return r.ContentLength ?? null;
    } catch (err) {
      // Only "not there" means null (S3 answers 403 for a missing key when the credentials may not list
      // the bucket); a store that cannot be reached is an error, not a missing file.
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      if (status === 404 || status === 403) return null;
      throw err;
    }
  }
  /** The browser PUTs straight to the bucket; content type and length are part of the signature. */
  async presignPut(key: string, contentType: string, sizeBytes: number, expiresInS: number) {
    assertSafeKey(key);
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.cfg.bucket, Key: key, ContentType: contentType, ContentLength: sizeBytes }),
      { expiresIn: expiresInS, signableHeaders: new Set(['content-type']) },
    );
    return { url, headers: { 'content-type': contentType } };
  }
  /**
   * Where visitors fetch objects: S3_PUBLIC_URL (a CDN or website endpoint) when set; else the bucket
   * itself, path-style under a custom endpoint (as the client addresses it) or the AWS virtual host.
   */
  publicBase(): string {
    const base =
      this.cfg.publicUrl ??
      (this.cfg.endpoint
        ? `${this.cfg.endpoint.replace(/\/$/, '')}/${this.cfg.bucket}`
        : `https://${this.cfg.bucket}.s3.${this.cfg.region}.amazonaws.com`);
    return base.replace(/\/$/, '');
  }
}
