// The viewer runs on Preact (preact/compat), on the server and in browsers; its source is written against
// React's API, which the back-office also uses to draw the same page components (apps/admin renders
// `@swipe/viewer/page` with React). React's client runtime alone cost the viewer 60 KB of gzip and, on a
// slow phone, one long task of its own before hydration could start (docs/decisions.md, "The viewer runs
// on Preact"). This file is the one home of that mapping: the viewer's Vite build and Vitest use
// `viewerPreact()`, and the server processes register `resolve` below as a Node module hook
// (apps/server/src/main.ts) before loading anything else.

/** React's module names and what the viewer's files get instead. */
export const PREACT_FOR_REACT = Object.freeze({
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
});

const SOURCE = new URL('./src/', import.meta.url);

/** Whether a module (file URL or path) is the viewer's own source: only those imports are mapped. */
export function isViewerSource(file) {
  if (!file) return false;
  const f = String(file).split('?')[0];
  return f.startsWith('file:') ? f.startsWith(SOURCE.href) : f.startsWith(SOURCE.pathname);
}

/** What an import of the viewer's source resolves to (null: unchanged). */
export function preactFor(specifier, importer) {
  return Object.hasOwn(PREACT_FOR_REACT, specifier) && isViewerSource(importer) ? PREACT_FOR_REACT[specifier] : null;
}

/** Node module hook (module.register): the server renders the viewer with the runtime browsers hydrate it with. */
export async function resolve(specifier, context, nextResolve) {
  return nextResolve(preactFor(specifier, context.parentURL) ?? specifier, context);
}

/** Vite plugin: the same mapping in the viewer's bundles and in Vitest. */
export function viewerPreact() {
  return {
    name: 'swipe-viewer-preact',
    enforce: 'pre',
    resolveId(source, importer) {
      const to = preactFor(source, importer);
      return to ? this.resolve(to, importer, { skipSelf: true }) : null;
    },
  };
}
