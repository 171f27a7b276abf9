import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the test files start in: tier after tier as Vitest has it (a worker that moves to another tier imports
 * that tier's graph afresh: three runs with the tiers mixed took 544 to 676 s), and in each tier the longest file
 * first, so the two workers end a tier together instead of one running its last long file alone. Vitest orders by the
 * times it kept from the last run here, but a checkout with none yet (CI, a fresh clone) by file size, which says
 * little of a file's time: the axe sweep, a small file, ran alone for its last 50 s. Here a file's time is the one
 * Vitest kept, else the estimate below; files that failed last time still go first.
 */

/** Seconds, from `npm test` on two cores (2026-11-28): the files far above their tier's usual time. */
const KNOWN: Record<string, number> = {
  'e2e:e2e/viewer.spec.ts': 71,
  'e2e:e2e/admin-first-steps.spec.ts': 65,
  'e2e:e2e/analytics-visits.spec.ts': 46,
  'e2e:e2e/admin-lists.spec.ts': 35,
  'api:apps/server/src/backup/backup.test.ts': 41,
  'api:apps/server/src/modules/viewer/memory.test.ts': 31,
  'e2e:e2e/admin-axe-sweep.spec.ts': 27,
  'api:apps/server/src/lib/bytecache.test.ts': 24,
  'api:apps/server/src/cli/create-master.test.ts': 19,
  'api:apps/server/src/modules/viewer/api.test.ts': 18,
  'api:apps/server/src/shutdown.test.ts': 15,
  'api:apps/server/src/modules/enduser/crash.test.ts': 13,
  'api:apps/server/src/cli/mail.test.ts': 13,
  'api:apps/server/src/main-log.test.ts': 12,
  'api:apps/server/src/lib/instance.test.ts': 9,
};
/** A file of the tier that is not in KNOWN: about its tier's median. */
const USUAL: Record<string, number> = { e2e: 14, api: 2, unit: 0.1 };

export default class LongestFirstByTier extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (f: TestSpecification) => `${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`;
    const seconds = new Map<TestSpecification, number>();
    const failed = new Set<TestSpecification>();
    for (const f of files) {
      const last = this.ctx.cache.getFileTestResults(key(f));
      if (last?.failed) failed.add(f);
      seconds.set(f, last && last.duration > 0 ? last.duration / 1000 : (KNOWN[key(f)] ?? USUAL[f.project.name] ?? 1));
    }
    return [...files].sort(
      (a, b) =>
        a.project.name.localeCompare(b.project.name) ||
        Number(failed.has(b)) - Number(failed.has(a)) ||
        (seconds.get(b) ?? 0) - (seconds.get(a) ?? 0),
    );
  }
}
