import type { Dict } from '@swipe/i18n/t.ts';
import { renderToString } from 'react-dom/server';
import { App } from './App.js';
import type { EnduserState } from './types.js';

/** Server rendering of a visitor screen; the `enduser` bundle hydrates the same tree (client.tsx). */
export function renderEnduser(state: EnduserState, dict: Dict): string {
  return renderToString(<App state={state} dict={dict} />);
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
