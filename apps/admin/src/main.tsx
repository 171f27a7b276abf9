// Only the first screens' styles; the rest come with the first lazy screen (app/screen-styles.ts).
import './app/styles/first-load.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { initLang } from './lib/i18n';

// The language table is asked for first; the router, made in the next task (the first load's modules running
// and the router starting this address's screen were one long task on a phone), fetches the screen while the
// table arrives. The first render waits for the table so no key ever flashes; a table that cannot load leaves
// keys visible rather than a blank page.
const root = document.getElementById('root');
if (root) {
  const table = initLang().catch(() => undefined);
  setTimeout(() => {
    const router = createAppRouter();
    void table.then(() =>
      createRoot(root).render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    );
  }, 0);
}
