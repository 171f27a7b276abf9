import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants.js';
import { checkImagePixels, checkUploadContent, imageHeaderDimensions, sniffContent } from './upload.js';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number) => [(n >>> 8) & 255, n & 255];

function png(w: number, h: number) {
  return bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(w), be32(h), [8, 6, 0, 0, 0]);
}
function jpeg(w: number, h: number, app1Len = 20) {
  return bytes(
    [0xff, 0xd8],
    [0xff, 0xe0],
    be16(16),
    'JFIF',
    [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xe1],
    be16(app1Len),
    new Array(app1Len - 2).fill(0),
    [0xff, 0xc0],
    be16(17),
    [8],
    be16(h),
    be16(w),
    [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  );
}
function ftyp(major: string, ...compat: string[]) {
  const size = 16 + 4 * compat.length;
  return bytes(be32(size), 'ftyp', major, be32(0), ...compat);
}
function heic(w: number, h: number) {
  const ispe = bytes(be32(20), 'ispe', be32(0), be32(w), be32(h));
  const meta = bytes(be32(12 + ispe.length), 'meta', be32(0), [...ispe]);
  return new Uint8Array([...ftyp('heic', 'mif1', 'heic'), ...meta]);
}

describe('sniffContent (by bytes, never by name)', () => {
  it('knows JPEG, PNG, HEIC, MP4, MOV and MPEG', () => {
    expect(sniffContent(jpeg(10, 10))?.mime).toBe('image/jpeg');
    expect(sniffContent(bytes([0xff, 0xd8, 0xff, 0xe1]))?.mime).toBe('image/jpeg'); // EXIF flavour
    expect(sniffContent(png(1, 1))?.mime).toBe('image/png');
    expect(sniffContent(heic(10, 10))?.mime).toBe('image/heic');
    expect(sniffContent(ftyp('mif1', 'heic'))?.mime).toBe('image/heic');
    expect(sniffContent(ftyp('mif1', 'miaf'))?.mime).toBe('image/heif');
    expect(sniffContent(ftyp('isom', 'iso2', 'mp41'))?.mime).toBe('video/mp4');
    expect(sniffContent(ftyp('mp42'))?.mime).toBe('video/mp4');
    expect(sniffContent(ftyp('qt  '))?.mime).toBe('video/quicktime');
    expect(sniffContent(bytes(be32(8), 'wide', be32(100), 'mdat'))?.mime).toBe('video/quicktime');
    expect(sniffContent(bytes([0, 0, 1, 0xba, 0x44]))?.mime).toBe('video/mpeg');
    expect(sniffContent(bytes([0, 0, 1, 0xb3, 0x14]))?.mime).toBe('video/mpeg');
    const ts = new Uint8Array(188 * 3);
    ts[0] = ts[188] = ts[376] = 0x47;
    expect(sniffContent(ts)?.mime).toBe('video/mpeg');
  });

  it('refuses SVG, HTML, AVIF, text and empty input', () => {
    expect(sniffContent(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffContent(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffContent(bytes('<!DOCTYPE html><html><script>alert(1)</script>'))).toBeNull();
    expect(sniffContent(ftyp('avif', 'mif1', 'avif'))).toBeNull();
    expect(sniffContent(ftyp('mif1', 'avif'))).toBeNull();
    expect(sniffContent(ftyp('xxxx'))).toBeNull();
    expect(sniffContent(bytes('hello'))).toBeNull();
    expect(sniffContent(new Uint8Array())).toBeNull();
    // a JPEG header hidden after other bytes is not a JPEG
    expect(sniffContent(bytes('<html>', [0xff, 0xd8, 0xff]))).toBeNull();
  });
});

describe('imageHeaderDimensions', () => {
  it('reads PNG, JPEG (past APP segments) and HEIC ispe', () => {
    expect(imageHeaderDimensions(png(1234, 567))).toEqual({ width: 1234, height: 567 });
    expect(imageHeaderDimensions(jpeg(4000, 3000, 300))).toEqual({ width: 4000, height: 3000 });
    expect(imageHeaderDimensions(heic(8000, 7000))).toEqual({ width: 8000, height: 7000 });
  });
  it('asks for more bytes when the header is cut', () => {
    expect(imageHeaderDimensions(jpeg(10, 10, 300).slice(0, 100))).toBe('need-more');
    expect(imageHeaderDimensions(png(10, 10).slice(0, 20))).toBe('need-more');
  });
  it('refuses non-images', () => {
    expect(imageHeaderDimensions(bytes('<svg/>'))).toBeNull();
    expect(imageHeaderDimensions(ftyp('isom'))).toBeNull();
  });
});

describe('checkImagePixels at the 50-megapixel edge', () => {
  it('accepts exactly 50 MP and refuses one pixel row more', () => {
    expect(checkImagePixels({ width: 10_000, height: 5_000 })).toBeNull();
    expect(checkImagePixels({ width: 10_000, height: 5_001 })).toBe('validation.upload_pixels');
    expect(checkImagePixels({ width: 0, height: 10 })).toBe('validation.upload_format_image');
  });
  it('works from a PNG header that declares 60 MP (no decoding)', () => {
    const d = imageHeaderDimensions(png(10_000, 6_000));
    expect(d).toEqual({ width: 10_000, height: 6_000 });
    expect(checkImagePixels(d as { width: number; height: number })).toBe('validation.upload_pixels');
  });
});

describe('checkUploadContent', () => {
  it('decides by content: a PNG declared as video is refused, an image is accepted at 30 MB and refused one byte past', () => {
    expect(checkUploadContent('video', png(1, 1), 10)).toEqual({ ok: false, key: 'validation.upload_format_video' });
    expect(checkUploadContent('image', png(1, 1), LIMITS.uploadBytes).ok).toBe(true);
    const over = checkUploadContent('image', png(1, 1), LIMITS.uploadBytes + 1);
    expect(over).toEqual({ ok: false, key: 'validation.upload_size', params: { max: 30 } });
  });
  it('videos at most 30 MB', () => {
    expect(checkUploadContent('video', ftyp('isom'), LIMITS.videoBytes).ok).toBe(true);
    expect(checkUploadContent('video', ftyp('isom'), LIMITS.videoBytes + 1).ok).toBe(false);
  });
  it('a smaller limit (logos: 2 MB)', () => {
    expect(checkUploadContent('image', png(1, 1), 2 * 1024 * 1024, 2 * 1024 * 1024).ok).toBe(true);
    expect(checkUploadContent('image', png(1, 1), 2 * 1024 * 1024 + 1, 2 * 1024 * 1024)).toEqual({
      ok: false,
      key: 'validation.upload_size',
      params: { max: 2 },
    });
  });
  it('refuses SVG and HTML even when declared as images', () => {
    expect(checkUploadContent('image', bytes('<svg/>'), 6).ok).toBe(false);
    expect(checkUploadContent('any', bytes('<html></html>'), 13).ok).toBe(false);
  });
});

// Upload formats (docs/decisions.md "Upload formats"): decided per format, by content.
describe('formats of back-office.md 9 and viewer.md 9, by content', () => {
  const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
  const le32 = (n: number) => [...le16(n), ...le16(n >>> 16)];
  const ebml = (docType: string) =>
    bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length], docType);
  const webpLossy = (w: number, h: number) =>
    bytes('RIFF', le32(100), 'WEBP', 'VP8 ', le32(80), [0, 0, 0], [0x9d, 0x01, 0x2a], le16(w), le16(h));
  const webpLossless = (w: number, h: number) => {
    const bits = (w - 1) | ((h - 1) << 14);
    return bytes('RIFF', le32(100), 'WEBP', 'VP8L', le32(80), [0x2f], le32(bits), [0, 0, 0, 0, 0]);
  };
  const webpExtended = (w: number, h: number) =>
    bytes(
      'RIFF',
      le32(100),
      'WEBP',
      'VP8X',
      le32(10),
      [0x10, 0, 0, 0],
      [(w - 1) & 255, ((w - 1) >> 8) & 255, 0],
      [(h - 1) & 255, ((h - 1) >> 8) & 255, 0],
      [0, 0],
    );

  it('accepts WebP and GIF images and reads their size from the header', () => {
    expect(sniffContent(webpLossy(300, 250))).toEqual({ kind: 'image', mime: 'image/webp', ext: 'webp' });
    expect(imageHeaderDimensions(webpLossy(300, 250))).toEqual({ width: 300, height: 250 });
    expect(imageHeaderDimensions(webpLossless(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageHeaderDimensions(webpExtended(1080, 1920))).toEqual({ width: 1080, height: 1920 });
    expect(imageHeaderDimensions(bytes('RIFF', le32(100), 'WEBP'))).toBe('need-more');
    for (const v of ['GIF87a', 'GIF89a']) {
      const gif = bytes(v, le16(250), le16(150), [0, 0, 0]);
      expect(sniffContent(gif)).toEqual({ kind: 'image', mime: 'image/gif', ext: 'gif' });
      expect(imageHeaderDimensions(gif)).toEqual({ width: 250, height: 150 });
    }
  });
  it('accepts WebM video (a Matroska header whose DocType is webm), not other Matroska', () => {
    expect(sniffContent(ebml('webm'))).toEqual({ kind: 'video', mime: 'video/webm', ext: 'webm' });
    expect(checkUploadContent('video', ebml('webm'), 1000).ok).toBe(true);
    expect(checkUploadContent('image', ebml('webm'), 1000)).toEqual({ ok: false, key: 'validation.upload_format_image' });
    expect(sniffContent(ebml('matroska'))).toBeNull();
  });
  it('refuses BMP, SVG, AVI, FLV, WMV, Ogg and a RIFF that is not WebP', () => {
    expect(sniffContent(bytes('BM', le32(1000), [0, 0, 0, 0], le32(54)))).toBeNull();
    expect(sniffContent(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffContent(bytes('RIFF', le32(1000), 'AVI LIST'))).toBeNull();
    expect(sniffContent(bytes('RIFF', le32(1000), 'WAVEfmt '))).toBeNull();
    expect(sniffContent(bytes('FLV', [1, 5, 0, 0, 0, 9]))).toBeNull();
    // ASF (WMV) header GUID
    expect(sniffContent(bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0, 0xaa, 0, 0x62, 0xce, 0x6c]))).toBeNull();
    expect(sniffContent(bytes('OggS', [0, 2, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(checkUploadContent('video', bytes('OggS', [0, 2]), 100)).toEqual({ ok: false, key: 'validation.upload_format_video' });
  });
});
