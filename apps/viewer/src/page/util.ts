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

/**
 * Yen as visitors read it: digits grouped in threes with commas, which is what ja-JP, en-US, ko-KR and
 * zh-CN all write for the whole yen prices the site document holds (integers, 0 to 1,000,000,000).
 * Written by hand, not with Intl.NumberFormat: building the first format loads the locale's data, which
 * took most of the viewer's hydration on a slow phone (28 ms of 30 here, at 4x CPU more than 100 ms).
 * The language stays a parameter for the day a language groups otherwise.
 */
export function formatPrice(price: number, _lang: string): string {
  const digits = String(Math.trunc(Math.abs(price)));
  return `${price < 0 ? '-' : ''}¥${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

export const DEFAULTS = DEFAULT_COLORS;
export const clampPct = (v: number | null | undefined, d: number) => Math.max(-20, Math.min(120, v ?? d));
