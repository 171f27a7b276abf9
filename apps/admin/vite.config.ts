import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The back-office SPA, served by the admin origin (index.html gets a CSP nonce per response).
const here = path.dirname(new URL(import.meta.url).pathname);
const LOCALES = path.resolve(here, '../../packages/i18n/locales');

/** Namespaces the back-office translates with (the editor's preview reads `viewer` on its own). */
const NAMESPACES = ['common', 'validation', 'admin'] as const;
const PREFIX = 'virtual:admin-messages/';
const LANGS = ['ja', 'en', 'kr', 'cn'];

/**
 * `virtual:admin-messages/messages-<lang>`: one language's message table, with English filled in for any key
 * the language lacks (the fallback rule of @swipe/i18n's translate, applied at build time). Imported on
 * demand, so the first load carries one language, not four.
 */
function adminMessages(): Plugin {
  return {
    name: 'admin-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const lang = id.slice(PREFIX.length + 1).replace(/^messages-/, '');
      if (!LANGS.includes(lang)) throw new Error(`no messages for ${lang}`);
      const read = (l: string, ns: string) => {
        const file = path.join(LOCALES, l, `${ns}.json`);
        this.addWatchFile(file);
        return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      };
      const table = Object.fromEntries(NAMESPACES.map((ns) => [ns, { ...read('en', ns), ...read(lang, ns) }]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(table))});\n`;
    },
  };
}

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react(), adminMessages()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, target: 'es2020', chunkSizeWarningLimit: 2000 },
});
