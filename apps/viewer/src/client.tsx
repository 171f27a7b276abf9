import type { ErrorBoot, ViewerBoot } from '@swipe/core';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.js';
import './page/page.css';
import './viewer.css';

// Entry `viewer`: hydrates the server-rendered page from the data inlined next to it.
const data = document.getElementById('__VIEWER__');
const root = document.getElementById('root');
if (data && root) {
  const boot = JSON.parse(data.textContent || '{}') as ViewerBoot | ErrorBoot;
  hydrateRoot(root, <App boot={boot} />);
}
