import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Client bundles of the sites origin. The server renders HTML (apps/viewer/src/ssr.tsx through tsx)
// and links these entries from the manifest. hls.js stays out of the first load (dynamic import).
const here = path.dirname(new URL(import.meta.url).pathname);
const input: Record<string, string> = { viewer: path.join(here, 'src/client.tsx') };
if (fs.existsSync(path.join(here, 'src/enduser/client.tsx'))) input.enduser = path.join(here, 'src/enduser/client.tsx');

export default defineConfig({
  root: here,
  base: '/_viewer/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    cssCodeSplit: true,
    rollupOptions: { input },
  },
});
