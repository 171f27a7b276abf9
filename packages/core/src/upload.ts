import { LIMITS } from './constants.js';

// Pure content checks for uploads (back-office.md 5, viewer.md 5): what a file IS, decided from its
// bytes (magic numbers), never from its name or declared type; and image dimensions read from the
// header, so an oversized image is refused before anything decodes it.

export type SniffedKind = 'image' | 'video';
export interface Sniffed {
  kind: SniffedKind;
  /** content type decided from the bytes */
  mime:
    | 'image/jpeg'
    | 'image/png'
    | 'image/heic'
    | 'image/heif'
    | 'image/webp'
    | 'image/gif'
    | 'video/mp4'
    | 'video/quicktime'
    | 'video/mpeg'
    | 'video/webm';
  /** extension used for storage keys */
  ext: 'jpg' | 'png' | 'heic' | 'heif' | 'webp' | 'gif' | 'mp4' | 'mov' | 'mpeg' | 'webm';
}

/** How many leading bytes sniffContent needs to decide. */
export const SNIFF_BYTES = 4096;

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
const MOV_BRANDS = new Set(['qt  ']);
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'f4v ',
  'dash',
  'mmp4',
  'MSNV',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
]);

function ascii(b: Uint8Array, start: number, len: number): string {
  let s = '';
  for (let i = start; i < start + len && i < b.length; i++) s += String.fromCharCode(b[i] as number);
  return s;
}
function u32(b: Uint8Array, o: number): number {
  return (((b[o] as number) << 24) | ((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number)) >>> 0;
}
function u16(b: Uint8Array, o: number): number {
  return ((b[o] as number) << 8) | (b[o + 1] as number);
}

/** The brands of an ISO-BMFF `ftyp` box at the start (major first), or null. */
function ftypBrands(b: Uint8Array): string[] | null {
  if (b.length < 12 || ascii(b, 4, 4) !== 'ftyp') return null;
  const size = u32(b, 0);
  if (size < 12 || size > 4096) return null;
  const out = [ascii(b, 8, 4)];
  for (let o = 16; o + 4 <= Math.min(size, b.length); o += 4) out.push(ascii(b, o, 4));
  return out;
}

/** The DocType of a Matroska/WebM file (EBML header at the start), or null: 'webm' or 'matroska'. */
function ebmlDocType(b: Uint8Array): string | null {
  if (b.length < 8 || b[0] !== 0x1a || b[1] !== 0x45 || b[2] !== 0xdf || b[3] !== 0xa3) return null;
  // The DocType element (id 0x4282) sits inside the first few dozen bytes of the EBML header.
  for (let i = 4; i + 3 < Math.min(b.length, 64); i++) {
    if (b[i] !== 0x42 || b[i + 1] !== 0x82) continue;
    const size = (b[i + 2] as number) & 0x7f; // one-byte EBML size (0x80 | n)
    if (((b[i + 2] as number) & 0x80) === 0 || size > 16) return null;
    return ascii(b, i + 3, size);
  }
  return null;
}

/**
 * What the bytes are (docs/decisions.md "Upload formats"): JPEG (any JFIF/EXIF flavour), PNG, HEIC/HEIF,
 * WebP, GIF, MP4, MOV, MPEG (program or transport stream, or an elementary video stream) and WebM.
 * Anything else (SVG, HTML, BMP, AVIF, AVI, Matroska, FLV, WMV, Ogg, ...) is null.
 */
export function sniffContent(bytes: Uint8Array): Sniffed | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a)
    return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a'))
    return { kind: 'image', mime: 'image/gif', ext: 'gif' };
  if (ebmlDocType(b) === 'webm') return { kind: 'video', mime: 'video/webm', ext: 'webm' };
  const brands = ftypBrands(b);
  if (brands) {
    const major = brands[0] as string;
    const all = new Set(brands);
    if (major === 'avif' || major === 'avis') return null;
    if (HEIC_BRANDS.has(major)) return { kind: 'image', mime: 'image/heic', ext: 'heic' };
    if (HEIF_BRANDS.has(major)) {
      if ([...HEIC_BRANDS].some((x) => all.has(x))) return { kind: 'image', mime: 'image/heic', ext: 'heic' };
      if (all.has('avif')) return null;
      return { kind: 'image', mime: 'image/heif', ext: 'heif' };
    }
    if (MOV_BRANDS.has(major)) return { kind: 'video', mime: 'video/quicktime', ext: 'mov' };
    if (MP4_BRANDS.has(major)) return { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
    return null;
  }
  // Classic QuickTime files without ftyp start with a moov or wide atom.
  if (b.length >= 8 && (ascii(b, 4, 4) === 'moov' || ascii(b, 4, 4) === 'wide') && u32(b, 0) >= 8)
    return { kind: 'video', mime: 'video/quicktime', ext: 'mov' };
  // MPEG-1/2 program stream pack header or video sequence header.
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 1 && (b[3] === 0xba || b[3] === 0xb3))
    return { kind: 'video', mime: 'video/mpeg', ext: 'mpeg' };
  // MPEG transport stream: a sync byte every 188 bytes.
  if (b.length >= 188 * 3 && b[0] === 0x47 && b[188] === 0x47 && b[376] === 0x47) return { kind: 'video', mime: 'video/mpeg', ext: 'mpeg' };
  return null;
}

export type HeaderDimensions = { width: number; height: number } | 'need-more' | null;

/** JPEG: walk the marker segments up to the first start-of-frame. */
function jpegDimensions(b: Uint8Array): HeaderDimensions {
  let o = 2;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) return null;
    let marker = b[o + 1] as number;
    // fill bytes
    while (marker === 0xff && o + 2 < b.length) {
      o++;
      marker = b[o + 1] as number;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      o += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame header
    if (o + 4 > b.length) return 'need-more';
    const len = u16(b, o + 2);
    if (len < 2) return null;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (o + 9 > b.length) return 'need-more';
      const height = u16(b, o + 5);
      const width = u16(b, o + 7);
      return { width, height };
    }
    o += 2 + len;
  }
  return 'need-more';
}

/** HEIF: the largest `ispe` (image spatial extent) property in the meta box. */
function heifDimensions(b: Uint8Array): HeaderDimensions {
  let best: { width: number; height: number } | null = null;
  // Walk top-level boxes; look inside `meta` for ispe properties.
  let o = 0;
  while (o + 8 <= b.length) {
    let size = u32(b, o);
    const type = ascii(b, o + 4, 4);
    let header = 8;
    if (size === 1) {
      if (o + 16 > b.length) return 'need-more';
      size = u32(b, o + 8) * 2 ** 32 + u32(b, o + 12);
      header = 16;
    } else if (size === 0) size = b.length - o;
    if (size < header) return null;
    if (type === 'meta') {
      if (o + size > b.length) return 'need-more';
      for (let i = o + header; i + 16 <= o + size; i++) {
        if (b[i] === 0x69 && ascii(b, i, 4) === 'ispe') {
          const width = u32(b, i + 8);
          const height = u32(b, i + 12);
          if (!best || width * height > best.width * best.height) best = { width, height };
        }
      }
      return best ?? null;
    }
    if (type === 'mdat') return null; // meta must come before the media data we would need
    o += size;
  }
  return 'need-more';
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size). */
function webpDimensions(b: Uint8Array): HeaderDimensions {
  if (b.length < 30) return 'need-more';
  const chunk = ascii(b, 12, 4);
  const le24 = (o: number) => (b[o] as number) | ((b[o + 1] as number) << 8) | ((b[o + 2] as number) << 16);
  if (chunk === 'VP8X') return { width: le24(24) + 1, height: le24(27) + 1 };
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return {
      width: ((b[26] as number) | ((b[27] as number) << 8)) & 0x3fff,
      height: ((b[28] as number) | ((b[29] as number) << 8)) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = (b[21] as number) | ((b[22] as number) << 8) | ((b[23] as number) << 16) | ((b[24] as number) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * Image dimensions from the header alone (no decoding). 'need-more' means: give me more leading
 * bytes; null means the header is broken or has no dimensions.
 */
export function imageHeaderDimensions(bytes: Uint8Array): HeaderDimensions {
  const s = sniffContent(bytes);
  if (s?.kind !== 'image') return null;
  if (s.mime === 'image/png') {
    if (bytes.length < 24) return 'need-more';
    if (ascii(bytes, 12, 4) !== 'IHDR') return null;
    return { width: u32(bytes, 16), height: u32(bytes, 20) };
  }
  if (s.mime === 'image/jpeg') return jpegDimensions(bytes);
  if (s.mime === 'image/gif') {
    if (bytes.length < 10) return 'need-more';
    return { width: (bytes[6] as number) | ((bytes[7] as number) << 8), height: (bytes[8] as number) | ((bytes[9] as number) << 8) };
  }
  if (s.mime === 'image/webp') return webpDimensions(bytes);
  return heifDimensions(bytes);
}

/** More than 50 megapixels (or a zero dimension) is refused before decoding. */
export function checkImagePixels(d: { width: number; height: number }, maxPixels: number = LIMITS.imageMaxPixels): string | null {
  if (d.width <= 0 || d.height <= 0) return 'validation.upload_format_image';
  if (d.width * d.height > maxPixels) return 'validation.upload_pixels';
  return null;
}

/**
 * Decides an upload by its content: the kind the operator asked for must match what the bytes are.
 * Returns the sniffed type, or the i18n key of the rule it breaks.
 */
export function checkUploadContent(
  expected: SniffedKind | 'any',
  head: Uint8Array,
  sizeBytes: number,
  maxBytes?: number,
): { ok: true; type: Sniffed } | { ok: false; key: string; params?: Record<string, number> } {
  const type = sniffContent(head);
  if (!type || (expected !== 'any' && type.kind !== expected))
    return { ok: false, key: expected === 'video' ? 'validation.upload_format_video' : 'validation.upload_format_image' };
  const limit = type.kind === 'video' ? Math.min(LIMITS.videoBytes, maxBytes ?? LIMITS.videoBytes) : (maxBytes ?? LIMITS.uploadBytes);
  if (sizeBytes <= 0) return { ok: false, key: 'validation.upload_empty' };
  if (sizeBytes > limit) return { ok: false, key: 'validation.upload_size', params: { max: Math.round(limit / 1024 / 1024) } };
  return { ok: true, type };
}
