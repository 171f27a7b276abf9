import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { sniffContent } from '@swipe/core/upload.ts';
import type { Config } from '../config.js';
import { IMMUTABLE_CACHE, S3Storage } from '../modules/media/s3.js';
import { readFileHead } from '../modules/media/storage.js';

// The media part of a backup: every stored file under media/ in the backup, by its key, whichever store holds them
// (the local folder, or an S3 bucket through the SDK, set up as the media store sets it up). Keys are immutable, so
// a copy is consistent while the server runs; the content type and cache header of S3 objects are kept in media.json
// beside them, and put back with them.
// Files are streamed, never held whole in memory (videos).

export interface MediaSummary {
  store: 'local' | 's3';
  files: number;
  bytes: number;
}

/** a LocalStorage write in flight (key.pid.random.tmp): renamed to its key when complete, never a stored file */
const IN_FLIGHT = /\.\d+\.[0-9a-f]{12}\.tmp$/;

function walk(dir: string, base = dir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full, base);
    return e.isFile() && !IN_FLIGHT.test(e.name) ? [path.relative(base, full).split(path.sep).join('/')] : [];
  });
}

/** The file of a key under a folder; a key that would leave it (`..`, absolute) is refused. */
function fileOf(root: string, key: string): string {
  const file = path.resolve(root, key);
  if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`media key ${key} would leave ${root}`);
  return file;
}

/** Copies a file, creating its folder; false when it was removed meanwhile (a deleted upload). */
function copy(from: string, to: string): boolean {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.copyFileSync(from, to);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

const clientOf = (s3: NonNullable<Config['s3']>): S3Client => new S3Storage(s3).client;
/** media.json: an S3 object's headers by key */
type ObjectHeaders = Record<string, { type: string; cache?: string }>;

export async function backupMedia(config: Config, out: string, progress: (line: string) => void): Promise<MediaSummary> {
  fs.mkdirSync(out, { recursive: true });
  let files = 0;
  let bytes = 0;
  if (!config.s3) {
    for (const k of walk(config.mediaDir)) {
      const to = fileOf(out, k);
      if (!copy(fileOf(config.mediaDir, k), to)) continue;
      files++;
      bytes += fs.statSync(to).size;
    }
    return { store: 'local', files, bytes };
  }
  const client = clientOf(config.s3);
  const headers: ObjectHeaders = {};
  try {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.s3.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (!o.Key || o.Key.endsWith('/')) continue;
        const file = fileOf(out, o.Key);
        const got = await client.send(new GetObjectCommand({ Bucket: config.s3.bucket, Key: o.Key }));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        await pipeline(got.Body as Readable, fs.createWriteStream(file));
        headers[o.Key] = { type: got.ContentType ?? 'application/octet-stream', ...(got.CacheControl ? { cache: got.CacheControl } : {}) };
        files++;
        bytes += fs.statSync(file).size;
        if (files % 500 === 0) progress(`  ${files} files so far`);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  fs.writeFileSync(path.join(path.dirname(out), 'media.json'), `${JSON.stringify(headers, null, 1)}\n`);
  return { store: 's3', files, bytes };
}

/** Whether the media store already holds files (a restore over them is refused unless forced). */
export async function mediaHasFiles(config: Config): Promise<boolean> {
  if (!config.s3) return walk(config.mediaDir).length > 0;
  const client = clientOf(config.s3);
  try {
    // one page of the listing (MaxKeys: 1 makes s3rver fail with an internal error)
    const page = await client.send(new ListObjectsV2Command({ Bucket: config.s3.bucket }));
    return (page.KeyCount ?? page.Contents?.length ?? 0) > 0;
  } finally {
    client.destroy();
  }
}

/** An object's headers when the backup has none (it was of a local folder): the type from its bytes, as uploads are typed. */
async function headersOf(file: string, key: string): Promise<{ type: string; cache: string }> {
  const type = key.endsWith('.m3u8')
    ? 'application/vnd.apple.mpegurl'
    : key.endsWith('.ts')
      ? 'video/mp2t'
      : (sniffContent(await readFileHead(file, 1024))?.mime ?? 'application/octet-stream');
  return { type, cache: IMMUTABLE_CACHE };
}

/** Every file of the backup into the store (a file of the same key is overwritten; others are left). */
export async function restoreMedia(config: Config, from: string, progress: (line: string) => void): Promise<MediaSummary> {
  const keys = walk(from);
  let bytes = 0;
  if (!config.s3) {
    for (const k of keys) {
      const to = fileOf(config.mediaDir, k);
      copy(fileOf(from, k), to);
      bytes += fs.statSync(to).size;
    }
    return { store: 'local', files: keys.length, bytes };
  }
  const client = clientOf(config.s3);
  const headersFile = path.join(path.dirname(from), 'media.json');
  const headers = fs.existsSync(headersFile) ? (JSON.parse(fs.readFileSync(headersFile, 'utf8')) as ObjectHeaders) : {};
  try {
    let n = 0;
    for (const key of keys) {
      const file = fileOf(from, key);
      const size = fs.statSync(file).size;
      const h = headers[key] ?? (await headersOf(file, key));
      await client.send(
        new PutObjectCommand({
          Bucket: config.s3.bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: h.type,
          CacheControl: h.cache,
        }),
      );
      bytes += size;
      if (++n % 500 === 0) progress(`  ${n} of ${keys.length} files`);
    }
  } finally {
    client.destroy();
  }
  return { store: 's3', files: keys.length, bytes };
}
