import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.js';
import { assertSafeKey, type Storage } from './storage.js';

/** Any S3-compatible store (S3_BUCKET, S3_REGION, S3_ENDPOINT; credentials from the usual AWS_* variables). */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(private readonly cfg: NonNullable<Config['s3']>) {
    this.client = new S3Client({ region: cfg.region, endpoint: cfg.endpoint, forcePathStyle: Boolean(cfg.endpoint) });
  }
  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.cfg.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }
  async get(key: string): Promise<Buffer> {
    assertSafeKey(key);
    const r = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
    return Buffer.from(await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  }
  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  }
  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
  }
  async head(key: string, n: number): Promise<Buffer> {
    assertSafeKey(key);
    const r = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: key, Range: `bytes=0-${Math.max(0, n - 1)}` }));
    return Buffer.from(await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  }
  async size(key: string): Promise<number | null> {
    assertSafeKey(key);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.cfg.bucket, Key: key }));
      return r.ContentLength ?? null;
    } catch {
      return null;
    }
  }
  /** The browser PUTs straight to the bucket; type and length are part of the signature. */
  async presignPut(key: string, contentType: string, sizeBytes: number, expiresInS: number) {
    assertSafeKey(key);
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.cfg.bucket, Key: key, ContentType: contentType, ContentLength: sizeBytes }),
      { expiresIn: expiresInS },
    );
    return { url, headers: { 'content-type': contentType } };
  }
  publicBase(): string {
    return (this.cfg.publicUrl ?? `${this.cfg.endpoint ?? `https://${this.cfg.bucket}.s3.${this.cfg.region}.amazonaws.com`}`).replace(
      /\/$/,
      '',
    );
  }
}
