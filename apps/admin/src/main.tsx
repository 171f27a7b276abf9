// Only the first screens' styles; the rest come with the first lazy screen (app/screen-styles.ts).
import './app/styles/first-load.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initLang } from './lib/i18n';

// The router (imported with App) starts fetching the screen of this URL while the language table arrives;
// the first render waits for the table so no key ever flashes. A table that cannot load leaves keys visible
// rather than a blank page.
const root = document.getElementById('root');
if (root)
  void initLang()
    .catch(() => undefined)
    .then(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
