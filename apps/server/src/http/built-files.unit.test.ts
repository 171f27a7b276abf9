import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtFile } from './built-files.js';
import { compressFile } from './encoding.js';

// The front ends' files as the server holds them: the build's precompressed forms when they are there and not
// older than the file, else compressed once here; never a path outside the build, never a form as a file.

let dist: string;
const text = Buffer.from('.a{color:red}\n'.repeat(300));

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'built-files-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  for (const name of ['pre.css', 'plain.css', 'stale.css']) fs.writeFileSync(path.join(dist, 'assets', name), text);
  const c = await compressFile(text);
  if (!c) throw new Error('not compressed');
  // the build's forms for pre.css; its gzip carries an extra empty member (still valid), so the test can tell it
  // was read rather than made here
  fs.writeFileSync(path.join(dist, 'assets', 'pre.css.br'), c.br);
  fs.writeFileSync(path.join(dist, 'assets', 'pre.css.gz'), Buffer.concat([c.gzip, zlib.gzipSync(Buffer.alloc(0))]));
  // stale.css: forms older than the file (an earlier build's) are not used
  fs.writeFileSync(path.join(dist, 'assets', 'stale.css.br'), Buffer.from('old'));
  fs.writeFileSync(path.join(dist, 'assets', 'stale.css.gz'), Buffer.from('old'));
  const past = new Date(Date.now() - 60_000);
  fs.utimesSync(path.join(dist, 'assets', 'stale.css.br'), past, past);
  fs.utimesSync(path.join(dist, 'assets', 'stale.css.gz'), past, past);
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  fs.writeFileSync(path.join(dist, 'font.woff2'), Buffer.alloc(4096, 7));
});

describe('builtFile', () => {
  it('takes the forms the build wrote beside the file', async () => {
    const e = builtFile(dist, 'assets/pre.css');
    expect(e?.type).toContain('text/css');
    expect(e?.gzip?.equals(fs.readFileSync(path.join(dist, 'assets', 'pre.css.gz')))).toBe(true);
    expect(zlib.gunzipSync(e?.gzip as Buffer).equals(text)).toBe(true);
    expect(zlib.brotliDecompressSync(e?.br as Buffer).equals(text)).toBe(true);
  });

  it('compresses once a file without forms, or with forms older than it', () => {
    for (const rel of ['assets/plain.css', 'assets/stale.css']) {
      const e = builtFile(dist, rel);
      expect(zlib.gunzipSync(e?.gzip as Buffer).equals(text), rel).toBe(true);
      expect(zlib.brotliDecompressSync(e?.br as Buffer).equals(text), rel).toBe(true);
      expect(builtFile(dist, rel)).toBe(e);
    }
  });

  it('leaves compressed formats as they are', () => {
    const e = builtFile(dist, 'font.woff2');
    expect(e?.type).toBe('font/woff2');
    expect(e?.gzip).toBeNull();
    expect(e?.br).toBeNull();
  });

  it('answers nothing for a form, the manifest folder, a folder, a missing file or a path outside the build', () => {
    for (const rel of ['assets/pre.css.br', 'assets/pre.css.gz', '.vite/manifest.json', 'assets', 'assets/none.js', '../x', '/etc/passwd'])
      expect(builtFile(dist, rel), rel).toBeNull();
  });
});
