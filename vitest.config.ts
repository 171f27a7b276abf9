import { defineConfig } from 'vitest/config';

// One runner for every tier: unit specs beside the code, API tests through real HTTP and
// app.inject against PGlite or PostgreSQL (DATABASE_URL), and Chromium journeys in e2e/.
export default defineConfig({
  test: {
    include: ['apps/**/src/**/*.test.ts', 'apps/**/src/**/*.test.tsx', 'packages/**/src/**/*.test.ts', 'e2e/**/*.spec.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
