import { defineConfig } from 'vitest/config';
import { viewerPreact } from './apps/viewer/preact.mjs';
import LongestFirstByTier from './scripts/test-sequencer.js';

// Three tiers, one runner (`npm test` runs them all; `npm run test:unit|test:api|test:e2e` one each):
// - unit: pure specs beside the code (core, i18n, the front ends' models, and server files named
//   `*.unit.test.ts`): no database, no server, no browser; seconds.
// - api: the server through real HTTP and app.inject against PGlite or PostgreSQL (DATABASE_URL).
// - e2e: Chromium journeys in e2e/ (playwright-core, Debian's Chromium).
// The api and e2e files share their worker's modules (isolate: false): each file starts its own server over its
// own database, so nothing of a test's state lives in a module; importing the server's graph afresh for each of
// about 90 files cost a third of a run on two cores. scripts/test-setup.ts puts back what a file set in process.env.
const unit = [
  'packages/**/src/**/*.test.ts',
  'apps/viewer/src/**/*.test.{ts,tsx}',
  'apps/admin/src/**/*.test.{ts,tsx}',
  'apps/server/src/**/*.unit.test.ts',
];
const exclude = ['**/node_modules/**', '**/dist/**'];
const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
const shared = './scripts/test-setup.ts';
/** TEST_EXCLUDE: comma-separated globs left out of the api and e2e tiers (`.ci/run` uses it for a second database). */
const skipped = (process.env.TEST_EXCLUDE ?? '').split(',').filter(Boolean);

/**
 * The back-office's message tables are virtual modules its Vite build writes (apps/admin/vite.config.ts); a unit
 * test that renders a screen in a DOM hands its table over with provideMessages, so here they are empty.
 */
const adminMessagesInTests = {
  name: 'admin-messages-in-tests',
  resolveId: (id: string) => (id.startsWith('virtual:admin-messages/') ? `\0${id}` : null),
  load: (id: string) => (id.startsWith('\0virtual:admin-messages/') ? 'export default {};' : null),
};

export default defineConfig({
  // the viewer's source renders on Preact here too, as in the server and the browser (apps/viewer/preact.mjs)
  plugins: [viewerPreact(), adminMessagesInTests],
  test: {
    pool: 'forks',
    experimental: { fsModuleCache: true },
    maxWorkers: 2,
    // tier by tier, the longest file of each first (scripts/test-sequencer.ts)
    sequence: { sequencer: LongestFirstByTier },
    reporters: ['default'],
    env,
    projects: [
      { extends: true, test: { name: 'unit', include: unit, exclude, testTimeout: 10_000, isolate: false, pool: 'threads' } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...exclude, 'apps/server/src/**/*.unit.test.ts', ...skipped],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
          setupFiles: [shared],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          exclude: [...exclude, ...skipped],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          isolate: false,
          setupFiles: [shared],
        },
      },
    ],
  },
});
