import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { COMPRESSIBLE, TYPES } from '../apps/server/src/http/built-files.ts';
import { compressFile } from '../apps/server/src/http/encoding.ts';

/**
 * Writes each built text file's brotli and gzip forms beside it (`<file>.br`, `<file>.gz`), once per build, so the
 * server sends them as they are (http/built-files.ts) instead of compressing on its first answers: brotli at its
 * best quality costs about a second per 400 KB here. The forms are http/encoding.ts's own, so a file is the same
 * bytes whether the build or the server compressed it. The bundler's manifest folder (`.vite`) is left alone.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'swipe-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // after the bundle and the public folder are written
    async closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, e.name);
          if (e.isDirectory()) {
            if (e.name !== '.vite') walk(full);
          } else if (COMPRESSIBLE.test(TYPES[path.extname(e.name).toLowerCase()] ?? '') && !e.name.endsWith('.map')) files.push(full);
        }
      };
      if (fs.existsSync(outDir)) walk(outDir);
      await Promise.all(
        files.map(async (f) => {
          const c = await compressFile(fs.readFileSync(f));
          if (!c) return;
          fs.writeFileSync(`${f}.br`, c.br);
          fs.writeFileSync(`${f}.gz`, c.gzip);
        }),
      );
    },
  };
}
