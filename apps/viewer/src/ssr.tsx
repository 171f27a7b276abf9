import { renderToString } from 'react-dom/server';
import { App } from './App.js';
import type { ErrorBoot, ViewerBoot } from './types.js';

/** Server rendering of the viewer; the `viewer` bundle hydrates the same tree (client.tsx). */
export function renderViewerApp(boot: ViewerBoot | ErrorBoot): string {
  return renderToString(<App boot={boot} />);
}

/** JSON for an inline <script type="application/json">: nothing in it can close the tag. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
