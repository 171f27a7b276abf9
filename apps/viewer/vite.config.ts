import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { viewerPreact } from './preact.mjs';

// Client bundles of the sites origin. The server renders HTML (apps/viewer/src/ssr.tsx through tsx)
// and links these entries from the manifest. hls.js stays out of the first load (dynamic import).
// The viewer's React-API source runs on preact/compat (preact.mjs), as it does on the server.
const here = path.dirname(new URL(import.meta.url).pathname);
const input: Record<string, string> = { viewer: path.join(here, 'src/client.tsx') };
if (fs.existsSync(path.join(here, 'src/enduser/client.tsx'))) input.enduser = path.join(here, 'src/enduser/client.tsx');

/**
 * V8's explicit compile hint on the chunks every page load runs (the entries and what they import
 * statically): their functions are compiled with the script, off the main thread while it streams in,
 * instead of one by one at their first call inside hydration, where lazy compiling was half the
 * hydration task on a slow phone (docs/decisions.md, "The viewer runs on Preact"). Lazy chunks (hls.js)
 * keep V8's own choice. The comment must open the file, so it is added once the bundle is complete: after
 * minifying (which drops comments) and after Vite puts its preload map (`__vite__mapDeps`) at the top of the entry.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function compileHints(): Plugin {
  return {
    name: 'swipe-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const eager = new Set<string>();
        const visit = (file: string) => {
          const c = bundle[file];
          if (c?.type !== 'chunk' || eager.has(file)) return;
          eager.add(file);
          for (const i of c.imports) visit(i);
        };
        for (const [file, c] of Object.entries(bundle)) if (c.type === 'chunk' && c.isEntry) visit(file);
        for (const file of eager) {
          const c = bundle[file];
          if (c?.type === 'chunk' && !c.code.startsWith(COMPILE_HINT)) c.code = COMPILE_HINT + c.code;
        }
      },
    },
  };
}

export default defineConfig({
  root: here,
  base: '/_viewer/',
  plugins: [viewerPreact(), compileHints(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    cssCodeSplit: true,
    rollupOptions: { input },
  },
});
