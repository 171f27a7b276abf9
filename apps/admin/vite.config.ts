import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { PREACT_FOR_REACT } from '../viewer/preact.mjs';

// The back-office SPA, served by the admin origin (index.html gets a CSP nonce per response).
const here = path.dirname(new URL(import.meta.url).pathname);
const require = createRequire(import.meta.url);
const LOCALES = path.resolve(here, '../../packages/i18n/locales');

/** Namespaces the back-office translates with (the editor's preview reads `viewer` on its own). */
const NAMESPACES = ['common', 'validation', 'admin'] as const;
const PREFIX = 'virtual:admin-messages/';
const LANGS = ['ja', 'en', 'kr', 'cn'];

/** The back-office keys the first load needs (login, errors, the shell): the table in shell.messages.mjs. */
async function firstLoadKeys(): Promise<Set<string>> {
  const { messages } = (await import(path.join(here, 'i18n/shell.messages.mjs'))) as { messages: Record<string, unknown> };
  return new Set(Object.keys(messages));
}

/**
 * `virtual:admin-messages/messages-<lang>`: what the first load needs of one language's table (common,
 * validation and the shell's back-office keys); `virtual:admin-messages/screens-<lang>`: the other back-office
 * keys, fetched with the first signed-in screen (router.tsx). English is filled in for any key the language
 * lacks (the fallback rule of @swipe/i18n's translate, applied at build time). Imported on demand, so the first
 * load carries one language's shell keys, not four languages' every screen.
 */
function adminMessages(): Plugin {
  return {
    name: 'admin-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const m = /^(messages|screens)-(\w+)$/.exec(id.slice(PREFIX.length + 1));
      const lang = m?.[2] ?? '';
      if (!m || !LANGS.includes(lang)) throw new Error(`no messages for ${id}`);
      const read = (l: string, ns: string) => {
        const file = path.join(LOCALES, l, `${ns}.json`);
        this.addWatchFile(file);
        return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      };
      this.addWatchFile(path.join(here, 'i18n/shell.messages.mjs'));
      const shell = await firstLoadKeys();
      const admin = { ...read('en', 'admin'), ...read(lang, 'admin') };
      const pick = (first: boolean) => Object.fromEntries(Object.entries(admin).filter(([k]) => shell.has(k) === first));
      const table =
        m[1] === 'messages'
          ? {
              ...Object.fromEntries(NAMESPACES.filter((ns) => ns !== 'admin').map((ns) => [ns, { ...read('en', ns), ...read(lang, ns) }])),
              admin: pick(true),
            }
          : pick(false);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(table))});\n`;
    },
  };
}

export default defineConfig(({ mode }) => ({
  root: here,
  base: '/',
  plugins: [react(), adminMessages(), precompress()],
  // React's API on Preact, as the viewer (apps/viewer/preact.mjs holds the one mapping): react-dom was 211 KB of
  // the first load's 466 KB of script (docs/decisions.md, "The back-office runs on Preact too")
  resolve: {
    alias: [
      ...Object.entries(PREACT_FOR_REACT).map(([find, replacement]) => ({
        find: new RegExp(`^${find.replace('/', '\\/')}$`),
        replacement,
      })),
      // React Router's package maps every condition to its development build (dev warnings on); its production
      // build differs only in that flag. `npm run dev` (mode development) keeps the warnings.
      ...(mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
            },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    chunkSizeWarningLimit: 2000,
    // chunks under 20 KB are merged into the chunks that share them where that keeps the order modules run in:
    // a fresh site list took 49 files, 31 now (a phone's HTTP/1.1 fetches six at a time; Lighthouse mobile LCP
    // 3.7 s to 3.3 s: docs/decisions.md, "The back-office runs on Preact too", "Fewer, larger chunks")
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 20_000,
        // the signed-in layout's chunk (app/signed-in.tsx) under its own name, not that of a screen merged into it
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.endsWith('/src/app/signed-in.tsx')) ? 'assets/signed-in-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
}));
