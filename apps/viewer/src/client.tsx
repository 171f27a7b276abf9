import type { ErrorBoot, ViewerBoot } from '@swipe/core';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App.js';
import { firstHydration } from './lib/hydration.js';
import { afterYield } from './lib/yield.js';
import './page/page.css';
import './viewer.css';

// Entry `viewer`: hydrates the server-rendered page from the data inlined next to it. The page is
// already visible, so hydration is not urgent: it starts in a task of its own (not inside the
// bundle's evaluation), and the chrome around the swipe surface is hydrated in a later task
// (lib/hydration.tsx), so no single task wires up the whole page.
const data = document.getElementById('__VIEWER__');
const root = document.getElementById('root');
if (data && root) {
  afterYield(() => {
    const boot = JSON.parse(data.textContent || '{}') as ViewerBoot | ErrorBoot;
    firstHydration(() => {
      hydrateRoot(root, <App boot={boot} />);
    });
  });
}
