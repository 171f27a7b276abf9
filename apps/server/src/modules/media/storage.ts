import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';

/** Where media bytes live: a local folder by default, any S3-compatible store when S3_BUCKET is set. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** public URL base under which keys are served to visitors */
  publicBase(): string;
  /** the first `n` bytes of an object (content checks read headers, never whole files) */
  head(key: string, n: number): Promise<Buffer>;
  /** the stored size in bytes, or null when the object does not exist */
  size(key: string): Promise<number | null>;
  /** a presigned PUT for direct uploads from the browser (S3 only; local storage signs its own URLs) */
  presignPut?(
    key: string,
    contentType: string,
    sizeBytes: number,
    expiresInS: number,
  ): Promise<{ url: string; headers: Record<string, string> }>;
}

/** The scratch area of uploads on their way in (bodies streamed to disk, ZIPs being unpacked). */
export function incomingDir(ctx: { config: Pick<Config, 'dataDir'> }): string {
  return path.join(ctx.config.dataDir, 'incoming');
}

/** Reads up to n bytes from the start of a file. */
export async function readFileHead(file: string, n: number): Promise<Buffer> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Keys are relative, made of safe segments; anything else is refused before it touches the disk. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9_\-./]{0,500}$/.test(key) || key.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(
    readonly root: string,
    /** the public base, or a function of the configuration (ports may be known only after listening) */
    private readonly base: string | (() => string),
  ) {
    fs.mkdirSync(root, { recursive: true });
  }
  resolve(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`key escapes the media folder: ${key}`);
    return full;
  }
  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const full = this.resolve(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
    else await pipeline(body, fs.createWriteStream(tmp));
    await fsp.rename(tmp, full);
  }
  get(key: string): Promise<Buffer> {
    return fsp.readFile(this.resolve(key));
  }
  async exists(key: string): Promise<boolean> {
    try {
      await fsp.access(this.resolve(key));
      return true;
    } catch {
      return false;
    }
  }
  async remove(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
  publicBase(): string {
    return typeof this.base === 'function' ? this.base() : this.base;
  }
  head(key: string, n: number): Promise<Buffer> {
    return readFileHead(this.resolve(key), n);
  }
  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.resolve(key))).size;
    } catch {
      return null;
    }
  }
}

export async function createStorage(config: Config): Promise<Storage> {
  if (config.s3) {
    const { S3Storage } = await import('./s3.js');
    return new S3Storage(config.s3);
  }
  return new LocalStorage(config.mediaDir, () => `${config.sitesUrl}/media`);
}
