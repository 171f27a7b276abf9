// The server's entry (npm start runs it with tsx). The viewer renders on Preact, as browsers hydrate it
// (apps/viewer/preact.mjs): that module hook is registered first, then the server loads through it.
import { register } from 'node:module';

register('@swipe/viewer/preact.mjs', import.meta.url);
await import('./main-server.js');
