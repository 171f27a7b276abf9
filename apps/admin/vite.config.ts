import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The back-office SPA, served by the admin origin (index.html gets a CSP nonce per response).
const here = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, target: 'es2020', chunkSizeWarningLimit: 2000 },
});
