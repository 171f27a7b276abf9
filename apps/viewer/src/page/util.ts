import type { ButtonShape } from '@swipe/core';
import { DEFAULT_COLORS, SHAPE_RADIUS, VIEWER } from '@swipe/core/constants.ts';
import { mediaUrl, webpSrcSet } from '@swipe/core/media.ts';

/** Design reference width: page pieces are laid out for the mobile frame and scale with the page (cqw). */
export const FRAME_W = VIEWER.frameWidth;

/** A length of the design frame as a share of the page width, e.g. 120 -> `calc(120 * 100cqw / 389)`. */
export function scaled(px: number): string {
  return `calc(${Math.round(px * 100) / 100} * 100cqw / ${FRAME_W})`;
}

export function src(base: string, key: string | null | undefined): string | undefined {
  return mediaUrl(base, key) ?? undefined;
}

/** The webp variants exist for uploaded raster images (storage keys), not for outside URLs. */
export function srcSet(base: string, key: string | null | undefined): string | undefined {
  if (!key || /^https?:\/\//.test(key) || key.startsWith('/') || !/\.(jpe?g|png|jfif|webp)$/i.test(key)) return undefined;
  return webpSrcSet(base, key);
}

export function radius(shape: ButtonShape | undefined, height: number): string {
  const r = SHAPE_RADIUS[shape ?? 'MODERATELY_ROUNDED_EDGE'] ?? 6;
  return r >= 100 ? `${scaled(height / 2)}` : scaled(r);
}

/** Colour values: hex (3 or 6), rgb(a) or hsl(a); anything else is treated as empty (viewer.md 5). */
export function color(v: string | null | undefined, fallback?: string): string | undefined {
  if (v && /^(#([0-9a-f]{3}|[0-9a-f]{6})|(rgb|hsl)a?\([\d\s.,%]+\))$/i.test(v.trim())) return v.trim();
  return fallback;
}

// One number format per locale: toLocaleString builds a new one (and looks up the locale's data) on
// every call, which cost tens of milliseconds of the viewer's hydration on a slow phone.
const priceFormats = new Map<string, Intl.NumberFormat>();

export function formatPrice(price: number, lang: string): string {
  const locale = lang === 'ja' ? 'ja-JP' : lang === 'kr' ? 'ko-KR' : lang === 'cn' ? 'zh-CN' : 'en-US';
  let f = priceFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale);
    priceFormats.set(locale, f);
  }
  return `¥${f.format(price)}`;
}

export const DEFAULTS = DEFAULT_COLORS;
export const clampPct = (v: number | null | undefined, d: number) => Math.max(-20, Math.min(120, v ?? d));
