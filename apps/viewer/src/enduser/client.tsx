import type { EnduserState } from '@swipe/core';
import type { Dict } from '@swipe/i18n/t.ts';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.js';
import './enduser.css';

// Entry `enduser` of the viewer build: hydrates the server-rendered visitor screen.
const root = document.getElementById('eu-root');
const stateEl = document.getElementById('eu-state');
const dictEl = document.getElementById('eu-dict');
if (root && stateEl && dictEl) {
  const state = JSON.parse(stateEl.textContent || '{}') as EnduserState;
  const dict = JSON.parse(dictEl.textContent || '{}') as Dict;
  hydrateRoot(root, <App state={state} dict={dict} />);
  requestAnimationFrame(() => {
    document.documentElement.dataset.euReady = '1';
  });
}
