import type { AccountView } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { type AccountRow, type Actor, assertMenu } from './actor.js';
import { accountsChanged } from './cache.js';
import { presentAccount } from './presenter.js';
import { setProfileImageUrl } from './repo/staff.js';
import { findAccountById } from './repo.js';

// The caller's own account: its profile image (the bytes go through media's signed upload and content check; media
// calls setProfileImage once they passed). Deleting one's own account ends a contract: the contracts module's.

/** Stores a checked profile image on the account, in the caller's (media's) transaction. */
export function setProfileImage(q: Queryable, accountId: number, url: string): Promise<void> {
  return setProfileImageUrl(q, accountId, url);
}

export async function removeProfileImage(ctx: AppContext, actor: Actor): Promise<AccountView> {
  assertMenu(actor, 'profile_image');
  await ctx.db.tx((q) => setProfileImageUrl(q, actor.id, null));
  await accountsChanged(ctx, [actor.id]);
  return presentAccount((await findAccountById(ctx.db, actor.id)) as AccountRow);
}
