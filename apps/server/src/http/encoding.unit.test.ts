import { describe, expect, it } from 'vitest';
import { acceptedEncodings, encodingKey } from './encoding.js';

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
