import { email as emailRule, operatorPassword, toFieldIssues } from '@swipe/core';
import type { Db } from '../../db/db.js';
import { conflict, invalid } from '../../errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { emailTaken, insertAccount, lockMasterCreation, masterExists } from '../accounts/service.js';
import { recordHistory } from '../contracts/service.js';

/**
 * The platform master of a deployment (`npm run create-master`): the operator password rule applies,
 * the e-mail must be free, and a second master needs `another` (refused otherwise: 409 MASTER_EXISTS).
 * Its password is the one given (no change required at first sign-in).
 */
export async function createMaster(
  db: Db,
  input: { email: string; password: string; companyName?: string; another?: boolean },
  /** when it happens: the CLI runs outside any app context, so its own clock (the system's) */
  now = new Date(),
): Promise<{ id: number; email: string }> {
  const e = emailRule.safeParse(input.email);
  if (!e.success) throw invalid(toFieldIssues(e.error).map((i) => ({ ...i, path: 'email' })));
  const p = operatorPassword.safeParse(input.password);
  if (!p.success) throw invalid(toFieldIssues(p.error).map((i) => ({ ...i, path: 'password' })));
  const passwordHash = await hashPassword(p.data);
  return db.tx(async (q) => {
    await lockMasterCreation(q);
    if (!input.another && (await masterExists(q))) throw conflict('server.master_exists', 'MASTER_EXISTS');
    if (await emailTaken(q, e.data)) throw conflict('validation.email_taken', 'EMAIL_TAKEN');
    const row = await insertAccount(q, {
      parentId: null,
      type: 'MASTER',
      email: e.data,
      passwordHash,
      companyName: input.companyName ?? '',
      mustChangePassword: false,
      createdAt: now,
    });
    await recordHistory(q, now, [{ accountId: Number(row.id), executorId: null, content: 'created', from: null, to: 'ACTIVE' }]);
    return { id: Number(row.id), email: row.email };
  });
}
