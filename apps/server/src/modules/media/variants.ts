import { IMAGE_WIDTHS, variantKey } from '@swipe/core';
import sharp from 'sharp';
import type { Storage } from './storage.js';

/** Makes the webp variants (widths 50..1200) of an image already in storage. Never upscales; an animated GIF or WebP stays animated. */
export async function makeImageVariants(
  storage: Pick<Storage, 'get' | 'put'>,
  key: string,
  source?: Buffer,
): Promise<{ width: number; height: number; variants: number[] }> {
  const input = source ?? (await storage.get(key));
  const animated = /\.(gif|webp)$/i.test(key);
  const image = sharp(input, { limitInputPixels: 50_000_000, failOn: 'error', animated }).rotate();
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  // an animation's height is one frame's (pageHeight), not the whole strip of frames
  const height = meta.pageHeight ?? meta.autoOrient?.height ?? meta.height ?? 0;
  await Promise.all(
    IMAGE_WIDTHS.map(async (w) => {
      const buf = await image
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: w <= 100 ? 60 : 78, effort: 3 })
        .toBuffer();
      await storage.put(variantKey(key, w), buf, 'image/webp');
    }),
  );
  return { width, height, variants: [...IMAGE_WIDTHS] };
}
