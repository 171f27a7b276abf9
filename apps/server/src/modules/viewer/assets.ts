import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { builtFile, sendBuilt } from '../../http/built-files.js';
import type { App } from '../module.js';

// The viewer's client bundles (apps/viewer/dist, built by Vite with base '/_viewer/'), served with a
// year of cache (file names carry content hashes), in the form the client accepts (http/built-files.ts).

const BASE = '/_viewer/';

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface EntryAssets {
  /** the module script */
  js: string;
  /** statically imported chunks, for modulepreload */
  preload: string[];
  /** the entry's CSS, to inline */
  css: string;
}

let cached: { mtime: number; dist: string; entries: Record<string, EntryAssets> } | null = null;

/**
 * The built files of an entry (`src/client.tsx`), or null when the viewer is not built. The build is
 * ctx.config.viewerDistDir: apps/viewer/dist, or VIEWER_DIST_DIR (journeys and benches build their own).
 */
export function entryAssets(ctx: AppContext, entry = 'src/client.tsx'): EntryAssets | null {
  const dist = ctx.config.viewerDistDir;
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  let mtime: number;
  try {
    mtime = fs.statSync(manifestFile).mtimeMs;
  } catch {
    return null;
  }
  if (!cached || cached.mtime !== mtime || cached.dist !== dist) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
    const entries: Record<string, EntryAssets> = {};
    for (const [key, e] of Object.entries(manifest)) {
      if (!e.isEntry) continue;
      const preload: string[] = [];
      const walk = (k: string) => {
        const m = manifest[k];
        if (!m || preload.includes(BASE + m.file)) return;
        preload.push(BASE + m.file);
        for (const i of m.imports ?? []) walk(i);
      };
      for (const i of e.imports ?? []) walk(i);
      const css = (e.css ?? []).map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
      entries[key] = { js: BASE + e.file, preload, css };
    }
    cached = { mtime, dist, entries };
  }
  return cached.entries[entry] ?? null;
}

export async function viewerAssetRoutes(app: App, ctx: AppContext): Promise<void> {
  app.get('/_viewer/*', { schema: { hide: true, params: z.object({ '*': z.string().max(500) }) } }, async (req, reply) => {
    const rel = req.params['*'];
    const e = builtFile(ctx.config.viewerDistDir, rel);
    if (!e) return reply.callNotFound();
    reply.header('cache-control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    reply.header('cross-origin-resource-policy', 'same-site');
    return sendBuilt(req, reply, e);
  });
}
