import type { EnduserState } from '@swipe/core';
import type { Dict } from '@swipe/i18n/t.ts';
import { renderToString } from 'react-dom/server';
import { App } from './App.js';

/** Server rendering of a visitor screen; the `enduser` bundle hydrates the same tree (client.tsx). */
export function renderEnduser(state: EnduserState, dict: Dict): string {
  return renderToString(<App state={state} dict={dict} />);
}

export { inlineJson } from '../lib/inline-json.js';
