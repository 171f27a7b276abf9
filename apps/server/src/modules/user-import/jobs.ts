import type { AppContext } from '../../context.js';
import { failImport, setImportStatus } from './repo.js';
import { IMPORT_JOB, runImport } from './service.js';

// The users import's job: one queued per committed file (service.ts commitImport).

export const importJobs = {
  [IMPORT_JOB]: async (ctx: AppContext, payload: Record<string, unknown>) => {
    const id = Number(payload.importId);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    try {
      return await runImport(ctx, id);
    } catch (err) {
      // The transaction left nothing behind. The database refusing the rows (a constraint, a value) would
      // refuse them again: the import fails for good. An e-mail taken meanwhile (23505) is retried, and the
      // retry's check lists its rows; anything else (a lost connection) is retried too.
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && /^2[23]/.test(code) && code !== '23505') {
        await failImport(ctx.db, id, [{ row: 0, column: '', key: 'server.import_failed' }]);
        return null;
      }
      await setImportStatus(ctx.db, id, 'QUEUED').catch(() => {});
      throw err;
    }
  },
};
