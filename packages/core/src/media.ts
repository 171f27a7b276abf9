import { IMAGE_WIDTHS } from './constants.js';

/** Storage key of a webp variant: `sites/3/ab12.jpg` -> `sites/3/ab12_w400.webp`. */
export function variantKey(key: string, width: number): string {
  return `${key.replace(/\.[A-Za-z0-9]+$/, '')}_w${width}.webp`;
}

/** A `srcset` of the webp variants under a media base URL. */
export function webpSrcSet(mediaBase: string, key: string): string {
  return IMAGE_WIDTHS.map((w) => `${mediaBase}/${variantKey(key, w)} ${w}w`).join(', ');
}

export function mediaUrl(mediaBase: string, key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https?:\/\//.test(key) || key.startsWith('/')) return key;
  return `${mediaBase}/${key}`;
}
