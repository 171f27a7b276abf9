import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, COMPRESS_FROM, compressOnce, encodingKey, settled } from './encoding.js';

describe('acceptedEncodings', () => {
  it('reads what browsers ask', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('gzip')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings('deflate, GZIP;q=0.5')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings(['gzip', 'br'])).toEqual({ br: true, gzip: true });
  });
  it('takes nothing that is not named, or refused with q=0', () => {
    expect(acceptedEncodings(undefined)).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings('identity')).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings('br;q=0, gzip;q=0')).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings('br;q=0, gzip')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings('brotli, xgzip')).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings('xbr,gzip2')).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings('gzip,br')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('zbr, br')).toEqual({ br: true, gzip: false });
    expect(acceptedEncodings('*')).toEqual({ br: false, gzip: false });
  });
  it('keys requests that get different bytes apart', () => {
    expect(new Set(['br', 'gzip', 'gzip, br', 'identity'].map(encodingKey)).size).toBe(4);
    expect(encodingKey('gzip, deflate, br')).toBe(encodingKey('br, gzip'));
  });
});

describe('compressOnce', () => {
  const text = Buffer.from(JSON.stringify({ items: Array.from({ length: 80 }, (_, i) => ({ id: i, text: `ページ ${i}` })) }));
  it('makes gzip at once and brotli in the background, into the object given', async () => {
    const into = { tag: 1 };
    const c = compressOnce(text, into);
    expect(c).toBe(into);
    expect(zlib.gunzipSync(c.gzip as Buffer).equals(text)).toBe(true);
    expect(c.br).toBeNull();
    // a browser waits for the brotli form before its answer is final; a gzip-only client does not
    expect(settled('gzip, deflate, br', c)).toBe(false);
    expect(settled('gzip', c)).toBe(true);
    for (let i = 0; i < 200 && c.br === null; i++) await new Promise((r) => setTimeout(r, 10));
    expect(zlib.brotliDecompressSync(c.br as Buffer).equals(text)).toBe(true);
    expect((c.br as Buffer).length).toBeLessThan((c.gzip as Buffer).length);
    expect(settled('gzip, deflate, br', c)).toBe(true);
  });
  it('makes both at once when asked, and nothing for a small body', () => {
    const now = compressOnce(text, {}, true);
    expect(zlib.brotliDecompressSync(now.br as Buffer).equals(text)).toBe(true);
    const small = compressOnce(Buffer.alloc(COMPRESS_FROM - 1, 97), {});
    expect(small).toEqual({ gzip: null, br: null });
    expect(settled('gzip, deflate, br', small)).toBe(true);
  });
});
