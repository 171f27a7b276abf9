import type { ErrorBoot, ViewerBoot } from '@swipe/core';
import { renderToString } from 'react-dom/server';
import { App } from './App.js';

/** Server rendering of the viewer; the `viewer` bundle hydrates the same tree (client.tsx). */
export function renderViewerApp(boot: ViewerBoot | ErrorBoot): string {
  return renderToString(<App boot={boot} />);
}

export { inlineJson } from './lib/inline-json.js';
