import { afterAll } from 'vitest';

// The api and e2e tiers run their files one after another in a worker that keeps its modules (isolate: false,
// vitest.config.ts): a file that sets process.env (rate multipliers, a manifest, S3 credentials) must not leave
// it to the next. The environment as the file found it is put back after its last hook.
const saved = { ...process.env };
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});
